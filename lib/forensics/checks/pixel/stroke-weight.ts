// One word is set in one weight: every stem of its letters is as thick as the others, in any font
// (a bold word is bold throughout). A word pasted over part of another (a clone laid over a name,
// a value typed beside the remnant of what it covered) joins two pieces of type whose stems differ:
// OCR reads the join as one word ("Overtime" over "Silva" read "Overtiméiilva"), and its left
// glyphs are thinner or heavier than its right ones. On a born-digital render, where the rasteriser
// draws every stem of one font alike, the split is measured to a fraction of a pixel.
//
// Where it fails: a word OCR joined across a style change with no space (a bold label run into its
// value, "Total:€5"), a script signature, a logo's lettering. Those are what the caller guards
// against (words of letters only, read with confidence); a split alone stays a hint.
import type { WordBox } from "./glyph-metrics";
import { inkRuns } from "./ink-runs";
import type { Grey } from "./raster";

export interface WeightSplit {
  /** Column where the lighter and heavier parts meet. */
  atX: number;
  /** Glyphs (column groups of ink) left and right of it. */
  left: number;
  right: number;
  /** Median stem width of each part, in pixels (anti-aliasing counted, so fractional). */
  leftStroke: number;
  rightStroke: number;
  /** Heavier part's stem over the lighter's, minus one. */
  value: number;
}

/** A pixel this covered is inside a stroke, not on its anti-aliased edge. */
const FULL_INK = 0.6;
/** Stems narrower than this cannot be told apart from the rasteriser's rounding. */
const MIN_STROKE = 0.8;
/** Each part needs this many glyphs: one odd letter (a diagonal, an overshoot) is no weight. */
const MIN_GLYPHS = 2;
/** A part's glyphs agree on their stem within this ratio, most of them. */
const PART_AGREEMENT = 0.3;

/** Stroke widths are counted in bins of this many pixels (a histogram: a 300-dpi word has thousands of ink pixels). */
const BIN = 0.05;
const BINS = 800;
/** Rows above and below the band analysed with it (a share of the band): a bar at its edge keeps its full thickness. */
const MARGIN = 0.3;

interface Span {
  x0: number;
  x1: number;
  /** Histogram of the stroke thickness at its fully inked pixels in the band rows. */
  hist: Int32Array;
  count: number;
}

/** The median of the `count` widths counted in `hist`. */
function histMedian(hist: Int32Array, count: number): number {
  let seen = 0;
  for (let b = 0; b < BINS; b++) {
    seen += hist[b] as number;
    if (seen * 2 >= count) return (b + 0.5) * BIN;
  }
  return BINS * BIN;
}

/**
 * The thinnest run of ink through each pixel, along `length` pixels from index `start` by `step`
 * (a row, a column or a diagonal), each run's width the sum of its pixels' coverage times `unit`
 * (a diagonal step is √2 pixels long).
 */
function runs(
  cover: Float32Array,
  thick: Float32Array,
  start: number,
  step: number,
  length: number,
  unit: number,
): void {
  inkRuns(cover, start, step, length, (width, from, to) => {
    const run = width * unit;
    for (let j = from, i = start + from * step; j < to; j++, i += step) if (run < (thick[i] as number)) thick[i] = run;
  });
}

/**
 * Stroke thickness at every fully inked pixel of the band rows (`top`–`bottom`), grouped by glyph
 * (column group of ink): the shortest run of ink through it in four directions. A stem is crossed
 * by its row, a bar (an s, an e, a T) by its column, a diagonal (a v, an M) by a diagonal within
 * 8 % of its pen; the long way along a stroke is never the shortest.
 */
function glyphSpans(g: Grey, box: WordBox, top: number, bottom: number, paper: number, contrast: number): Span[] {
  const margin = Math.max(2, Math.round((bottom - top) * MARGIN));
  const x0 = Math.max(0, box.x0);
  const x1 = Math.min(g.width, box.x1);
  const by0 = Math.max(0, box.y0, Math.round(top) - margin);
  const by1 = Math.min(g.height, box.y1, Math.round(bottom) + margin);
  const w = x1 - x0;
  const h = by1 - by0;
  if (w < 4 || h < 4) return [];
  const cover = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    const row = (by0 + y) * g.width + x0;
    for (let x = 0; x < w; x++)
      cover[y * w + x] = Math.min(1, Math.max(0, (paper - (g.data[row + x] as number)) / contrast));
  }
  const thick = new Float32Array(w * h).fill(Number.POSITIVE_INFINITY);
  for (let y = 0; y < h; y++) runs(cover, thick, y * w, 1, w, 1);
  for (let x = 0; x < w; x++) runs(cover, thick, x, w, h, 1);
  // Diagonals down-right start on the top row or the left column; down-left on the top row or the right column.
  for (let k = -(h - 1); k < w; k++) {
    const sx = Math.max(0, k);
    const sy = Math.max(0, -k);
    runs(cover, thick, sy * w + sx, w + 1, Math.min(w - sx, h - sy), Math.SQRT2);
    const ax = Math.min(w - 1, w - 1 - k);
    runs(cover, thick, sy * w + ax, w - 1, Math.min(ax + 1, h - sy), Math.SQRT2);
  }
  const y0 = Math.max(0, Math.round(top) - by0);
  const y1 = Math.min(h, Math.round(bottom) - by0);
  const inkedColumn = (x: number) => {
    for (let y = y0; y < y1; y++) if ((cover[y * w + x] as number) >= 0.35) return true;
    return false;
  };
  const spans: Span[] = [];
  let start = -1;
  for (let x = 0; x <= w; x++) {
    const any = x < w && inkedColumn(x);
    if (any && start < 0) start = x;
    if (!any && start >= 0) {
      const hist = new Int32Array(BINS);
      let count = 0;
      for (let y = y0; y < y1; y++)
        for (let cx = start; cx < x; cx++) {
          const i = y * w + cx;
          if ((cover[i] as number) < FULL_INK) continue;
          hist[Math.min(BINS - 1, Math.floor((thick[i] as number) / BIN))]++;
          count++;
        }
      if (count) spans.push({ x0: x0 + start, x1: x0 + x, hist, count });
      start = -1;
    }
  }
  return spans;
}

/** The stroke histogram of several glyphs together. */
function together(spans: readonly Span[]): { hist: Int32Array; count: number } {
  const hist = new Int32Array(BINS);
  let count = 0;
  for (const sp of spans) {
    for (let b = 0; b < BINS; b++) hist[b] = (hist[b] as number) + (sp.hist[b] as number);
    count += sp.count;
  }
  return { hist, count };
}

/**
 * The median stem width of the glyphs in `box` (the whole box's strokes together), measured in
 * the rows `top`–`bottom`, or null for fewer than two glyphs whose stems can be told apart.
 */
export function stemWidth(
  g: Grey,
  box: WordBox,
  band: { bandTop: number; baseline: number; paper: number; contrast: number },
): number | null {
  const spans = glyphSpans(g, box, band.bandTop, band.baseline, band.paper, band.contrast);
  if (spans.length < MIN_GLYPHS) return null;
  const { hist, count } = together(spans);
  const stroke = histMedian(hist, count);
  return stroke >= MIN_STROKE ? stroke : null;
}

/** Most of the part's glyphs have a stem within PART_AGREEMENT of the part's. */
function agrees(part: Span[], stroke: number): boolean {
  const close = part.filter((s) => Math.abs(histMedian(s.hist, s.count) / stroke - 1) <= PART_AGREEMENT).length;
  return close >= Math.max(MIN_GLYPHS, Math.ceil(part.length * 0.6));
}

/**
 * The place where the word's glyphs change weight most, or null when no split leaves two parts of
 * at least two glyphs that each agree on a stem. `band` is the word's main band (x-height or cap
 * height): stems are measured there, where serifs, accents and descenders are not.
 */
export function weightSplit(
  g: Grey,
  box: WordBox,
  band: { bandTop: number; baseline: number; paper: number; contrast: number },
  capitalFirst = false,
): WeightSplit | null {
  // Many fonts draw a capital's stems heavier than lower case's: a word that opens with one
  // before lower case is weighed from its second glyph.
  const spans = glyphSpans(g, box, band.bandTop, band.baseline, band.paper, band.contrast).slice(capitalFirst ? 1 : 0);
  if (spans.length < 2 * MIN_GLYPHS) return null;
  // Left parts' histograms by prefix sums; a right part's is the whole word's less its left part's.
  const { hist: total, count: totalCount } = together(spans);
  const left = new Int32Array(BINS);
  const right = new Int32Array(BINS);
  let leftCount = 0;
  let best: WeightSplit | null = null;
  for (let k = 1; k <= spans.length - MIN_GLYPHS; k++) {
    const added = spans[k - 1] as Span;
    for (let b = 0; b < BINS; b++) left[b] = (left[b] as number) + (added.hist[b] as number);
    leftCount += added.count;
    if (k < MIN_GLYPHS) continue;
    for (let b = 0; b < BINS; b++) right[b] = (total[b] as number) - (left[b] as number);
    const leftStroke = histMedian(left, leftCount);
    const rightStroke = histMedian(right, totalCount - leftCount);
    if (Math.min(leftStroke, rightStroke) < MIN_STROKE) continue;
    const value = Math.max(leftStroke, rightStroke) / Math.min(leftStroke, rightStroke) - 1;
    if (best && value <= best.value) continue;
    if (!agrees(spans.slice(0, k), leftStroke) || !agrees(spans.slice(k), rightStroke)) continue;
    const atX = ((spans[k - 1] as Span).x1 + (spans[k] as Span).x0) / 2;
    best = { atX, left: k, right: spans.length - k, leftStroke, rightStroke, value };
  }
  return best;
}
