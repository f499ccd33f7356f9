// A word of the issuer's form reprinted over the holder's name, on a page without noise.
//
// Why it works: copy-move.ts proves a clone by its copied noise, and a clean export (a render
// saved as PNG or JPEG) has none, so there a cloned word is one more repeat of that word among the
// thousands of repeated glyphs. What a repeat does not do is stand inside another word. A forger
// who clones a printed word of the form ("Overtime", "Supermarket", "Bachelor") over the holder's
// name covers part of it, and OCR reads the copy joined to what is left of the name
// ("Overtiméiilva") where the page prints its holder's data. So: the whole of a form word, every
// edge of it, found again at one shift, inside a word of letters the field reader takes for the
// holder's data (field-regions.ts), read there as something else than that word, and over no word
// of the form.
//
// Candidate shifts come from the block matching copy-move uses (copy-move-candidates.ts); each is
// checked on the words it touches at full resolution.
//
// Where it fails: a clone that covers the whole name (read as the form word itself, it is that word
// printed again as far as the page can tell); a short word ("(EUR)"); a clone of data over data (a
// digit string over another); a clone resized, re-rendered or retouched after pasting; a name that
// begins with a form word of five letters or more in the same face, size and sub-pixel phase.
import type { TextItem } from "../../context";
import { boxArea as area, boxIntersection as overlap, type PixelBox } from "../../region";
import { findCandidates } from "./copy-move-candidates";
import { shrink, wordBox, type Grey } from "./raster";

export interface WordClone {
  /** The form word and its copy, pixel boxes on the analysed raster. */
  source: PixelBox;
  copy: PixelBox;
  shift: [number, number];
  text: string;
  /** The copy's words (the holder's data it stands over). */
  over: string;
  /** Edge pixels of the source word compared, and how many of them differ between the copies. */
  edgePixels: number;
  mismatched: number;
  meanAbsDifference: number;
}

export interface WordCloneResult {
  candidates: number;
  clones: WordClone[];
}

/** Gradient (|dx| + |dy|, grey levels) that makes a pixel part of a glyph's edge. */
const EDGE = 48;
/** Grey levels two copies of one edge pixel may differ by after a JPEG save at quality 85 or more. */
const EDGE_TOLERANCE = 28;
/** Share of the edge pixels that may differ that much: a JPEG's ringing at a few block corners. */
const MAX_MISMATCH = 0.04;
/**
 * Mean |difference| over the whole word box (grey levels). An OCR box reaches past the rectangle a
 * forger copies (a table's rule under the word, a neighbour's serif), so this only rules out a
 * match of shapes in two different places; the edges decide.
 */
const MAX_MAD = 8;
/** Edge pixels a source word needs: a word, not a dot or a rule. */
const MIN_EDGE_PIXELS = 80;
const MIN_CONFIDENCE = 60;
/**
 * Letters a source word needs. A short word of the form may be printed, in the same type, as the
 * start of a longer value ("JAN" of a date and the surname "JANSEN" on an identity card): a
 * coincidence of five letters and more in one face, size and sub-pixel phase is not.
 */
const MIN_LETTERS = 5;

const folded = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, "");
const sameWord = (a: string, b: string) => folded(a) === folded(b);
/** Height ratio (OCR boxes) within which a form word can stand in for a name. */
const SIZE_RATIO = 2;

/** The page with everything but `boxes` (and a few pixels around them) painted paper white. */
function wordsOnly(g: Grey, boxes: PixelBox[]): Grey {
  const pad = 4;
  const data = new Uint8Array(g.width * g.height).fill(255);
  for (const b of boxes) {
    const x0 = Math.max(0, b.x0 - pad);
    const x1 = Math.min(g.width, b.x1 + pad);
    for (let y = Math.max(0, b.y0 - pad); y < Math.min(g.height, b.y1 + pad); y++) {
      data.set(g.data.subarray(y * g.width + x0, y * g.width + x1), y * g.width + x0);
    }
  }
  return { data, width: g.width, height: g.height };
}

const letters = (text: string) => text.replace(/[^\p{L}\p{N}]/gu, "").length;

const shifted = (b: PixelBox, dx: number, dy: number) => ({
  x0: b.x0 + dx,
  y0: b.y0 + dy,
  x1: b.x1 + dx,
  y1: b.y1 + dy,
});

/** Indices of the pixels of `box` on a glyph's edge: what a copy must repeat, pixel for pixel. */
function edgePixels(g: Grey, box: PixelBox): Int32Array {
  const { data, width: w } = g;
  const out: number[] = [];
  for (let y = box.y0; y < box.y1; y++) {
    for (let x = box.x0; x < box.x1; x++) {
      const i = y * w + x;
      const grad =
        Math.abs((data[i + 1] as number) - (data[i - 1] as number)) +
        Math.abs((data[i + w] as number) - (data[i - w] as number));
      if (grad >= EDGE) out.push(i);
    }
  }
  return Int32Array.from(out);
}

/** Edge pixels that differ from theirs `offset` away by more than a JPEG save explains, counted up to `stop`. */
function mismatches(g: Grey, edges: Int32Array, offset: number, stop: number): number {
  const { data } = g;
  let n = 0;
  for (let k = 0; k < edges.length && n <= stop; k++) {
    const i = edges[k] as number;
    if (Math.abs((data[i] as number) - (data[i + offset] as number)) > EDGE_TOLERANCE) n++;
  }
  return n;
}

/** Mean |difference| between the pixels of `box` and theirs `offset` away. */
function meanDifference(g: Grey, box: PixelBox, offset: number): number {
  const { data, width: w } = g;
  let diff = 0;
  let n = 0;
  for (let y = box.y0; y < box.y1; y++) {
    for (let x = box.x0; x < box.x1; x++) {
      const i = y * w + x;
      diff += Math.abs((data[i] as number) - (data[i + offset] as number));
      n++;
    }
  }
  return n ? diff / n : Infinity;
}

/**
 * Form words found again, pixel for pixel, over the holder's data. `isField` tells the holder's
 * data from the form (field-regions.ts); `scale` is the block matching's reduction.
 */
export function findWordClones(
  g: Grey,
  words: readonly TextItem[],
  isField: (w: TextItem) => boolean,
  opts: { scale: number; maxCandidates: number },
): WordCloneResult {
  const read = words
    .filter((w) => w.text.trim() !== "")
    .map((w) => ({ item: w, box: wordBox(w, g), field: isField(w) }));
  const names = read.filter((w) => w.field && !/\d/.test(w.item.text));
  // A word passes for the name it covers only at about the name's size.
  const sized = (w: (typeof read)[number]) =>
    names.some((n) => {
      const ratio = (w.box.y1 - w.box.y0) / (n.box.y1 - n.box.y0);
      return ratio >= 1 / SIZE_RATIO && ratio <= SIZE_RATIO;
    });
  const sources = read.filter(
    (w) =>
      !w.field &&
      w.item.confidence >= MIN_CONFIDENCE &&
      letters(w.item.text) >= MIN_LETTERS &&
      w.box.y1 - w.box.y0 >= 8 &&
      sized(w),
  );
  if (!sources.length || !names.length) return { candidates: 0, clones: [] };
  const scale = Math.max(1, Math.round(opts.scale));
  // Block matching only sees the words that can take part, on blank paper: the cost of describing
  // a whole page's glyphs goes to the few dozen words a clone can come from or land on.
  const kept = wordsOnly(
    g,
    [...sources, ...names].map((w) => w.box),
  );
  const candidates = findCandidates([{ raster: shrink(kept, scale), ox: 0, oy: 0, stride: 1 }], {
    scale,
    maxCandidates: opts.maxCandidates,
    minSupport: 12,
    phaseTolerance: scale > 1 ? 0.6 : 0.15,
  });
  const tested = new Set<string>();
  const edgeCache = new Map<PixelBox, Int32Array>();
  const edgesOf = (key: PixelBox, box: PixelBox) => {
    let e = edgeCache.get(key);
    if (!e) edgeCache.set(key, (e = edgePixels(g, box)));
    return e;
  };
  const clones: WordClone[] = [];
  const margin = 2;
  for (const c of candidates) {
    const a = { x0: c.x0 * scale, y0: c.y0 * scale, x1: c.x1 * scale, y1: c.y1 * scale };
    const [sx, sy] = c.fullShift;
    // Either copy may be the source: the pair was counted from its upper-left member.
    for (const [from, dx0, dy0] of [
      [a, sx, sy],
      [shifted(a, sx, sy), -sx, -sy],
    ] as const) {
      for (const s of sources) {
        if (!overlap(s.box, from)) continue;
        // Only a copy that lands on a name is worth measuring: most repeats are the form's own.
        const landing = shifted(s.box, dx0, dy0);
        if (!names.some((n) => overlap(n.box, landing) > 0)) continue;
        const key = `${s.box.x0},${s.box.y0},${Math.round(dx0 / 4)},${Math.round(dy0 / 4)}`;
        if (tested.has(key)) continue;
        tested.add(key);
        const box = { x0: s.box.x0 - margin, y0: s.box.y0 - margin, x1: s.box.x1 + margin, y1: s.box.y1 + margin };
        // The block shift is known to a reduced pixel: the word itself says where its copy is.
        const edges = edgesOf(s.box, box);
        if (edges.length < MIN_EDGE_PIXELS) continue;
        const stop = Math.floor(MAX_MISMATCH * edges.length);
        let best = { dx: dx0, dy: dy0, mismatched: Infinity };
        const reach = scale + 1;
        for (let dy = dy0 - reach; dy <= dy0 + reach; dy++) {
          for (let dx = dx0 - reach; dx <= dx0 + reach; dx++) {
            const copy = shifted(box, dx, dy);
            if (Math.min(box.x0, copy.x0) < 1 || Math.min(box.y0, copy.y0) < 1) continue;
            if (Math.max(box.x1, copy.x1) >= g.width - 1 || Math.max(box.y1, copy.y1) >= g.height - 1) continue;
            const m = mismatches(g, edges, dy * g.width + dx, Math.min(stop, best.mismatched));
            if (m < best.mismatched) best = { dx, dy, mismatched: m };
          }
        }
        if (best.mismatched > stop) continue;
        const mad = meanDifference(g, box, best.dy * g.width + best.dx);
        if (mad > MAX_MAD) continue;
        const copy = shifted(s.box, best.dx, best.dy);
        if (overlap(copy, s.box)) continue;
        // The copy stands over the holder's data, and over no word of the form: a form word printed
        // twice is the form twice, whatever it says.
        const under = read.filter((w) => overlap(w.box, copy) > 0.2 * Math.min(area(w.box), area(copy)));
        // Data of letters (a name): a word counts as data for a digit alone, and OCR runs a form
        // word into the figure beside it ("Salary:1,200"), a repeat of the form word read as data.
        if (!under.length || under.some((w) => !w.field || /\d/.test(w.item.text))) continue;
        // Read there as the very word it repeats, it is that word printed again: which of a row's
        // words the field reader takes for a value follows their position (an addressee block, a
        // statement's description column), and repeated words stand in repeated positions. What a
        // clone leaves is the word joined to what is left of the value it covered.
        if (under.some((w) => sameWord(w.item.text, s.item.text))) continue;
        clones.push({
          source: s.box,
          copy,
          shift: [best.dx, best.dy],
          text: s.item.text,
          over: under.map((w) => w.item.text).join(" "),
          edgePixels: edges.length,
          mismatched: best.mismatched,
          meanAbsDifference: Math.round(mad * 100) / 100,
        });
      }
    }
  }
  return { candidates: candidates.length, clones };
}
