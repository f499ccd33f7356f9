// How one printed word is set, measured from the page's pixels inside its OCR box: where its
// letters' main band sits (baseline and top: cap height for capitals and digits, x-height for
// lower case) and the paper and ink it is printed with. A word
// retyped, spliced in or cloned from another line differs from the words set with it in these,
// whatever the issuer's layout; the words of one style on one page agree within the rasteriser's
// rounding.
import type { Grey } from "./raster";

export interface WordBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export interface WordMetrics {
  /** Top and bottom (baseline) of the main band, in pixel rows (fractional). */
  bandTop: number;
  baseline: number;
  /** Height of the main band in pixels: cap height or x-height. */
  band: number;
  /** Grey level of the paper around the word, and levels between it and the word's darkest ink. */
  paper: number;
  contrast: number;
}

/** A word whose ink stands less than this above its paper is too faint to measure (a watermark, a stamp). */
const MIN_CONTRAST = 60;
/** Rows whose ink reaches this share of the busiest row belong to the main band. */
const BAND_SHARE = 0.4;
/** Fewer band rows than this cannot say a height apart from rounding. */
const MIN_BAND_ROWS = 6;

function quantileOf(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.floor(q * (sorted.length - 1))))] ?? 0;
}

/** The value of rank ⌊q·(n−1)⌋ among the `n` grey levels counted in `hist`: what sorting them would give. */
function histQuantile(hist: Int32Array, n: number, q: number): number {
  const rank = Math.min(n - 1, Math.max(0, Math.floor(q * (n - 1))));
  let seen = 0;
  for (let v = 0; v < 256; v++) {
    seen += hist[v] as number;
    if (seen > rank) return v;
  }
  return 0;
}

/**
 * Paper and ink levels: the paper from a ring around the box, the ink from the box's darkest
 * pixels. Counted in histograms (grey levels are 0–255): a page measures thousands of words, and
 * sorting each one's pixels cost more than the rest of the typography analysis.
 */
function levels(g: Grey, box: WordBox): { paper: number; ink: number } {
  const pad = Math.max(2, Math.round((box.y1 - box.y0) * 0.15));
  const ring = new Int32Array(256);
  const inside = new Int32Array(256);
  let ringCount = 0;
  let insideCount = 0;
  const x0 = Math.max(0, box.x0 - pad);
  const x1 = Math.min(g.width, box.x1 + pad);
  const y0 = Math.max(0, box.y0 - pad);
  const y1 = Math.min(g.height, box.y1 + pad);
  for (let y = y0; y < y1; y++) {
    const inRows = y >= box.y0 && y < box.y1;
    for (let x = x0; x < x1; x++) {
      const v = g.data[y * g.width + x] as number;
      if (inRows && x >= box.x0 && x < box.x1) {
        inside[v]++;
        insideCount++;
      } else {
        ring[v]++;
        ringCount++;
      }
    }
  }
  return {
    paper: ringCount ? histQuantile(ring, ringCount, 0.6) : histQuantile(inside, insideCount, 0.6),
    ink: histQuantile(inside, insideCount, 0.02),
  };
}

/** The word's metrics, or null when it is too small, too faint or not a line of letters. */
export function measureWord(g: Grey, box: WordBox): WordMetrics | null {
  const x0 = Math.max(0, Math.floor(box.x0));
  const x1 = Math.min(g.width, Math.ceil(box.x1));
  const y0 = Math.max(0, Math.floor(box.y0));
  const y1 = Math.min(g.height, Math.ceil(box.y1));
  if (x1 - x0 < 4 || y1 - y0 < MIN_BAND_ROWS) return null;
  const { paper, ink } = levels(g, { x0, y0, x1, y1 });
  const contrast = paper - ink;
  if (contrast < MIN_CONTRAST) return null;
  const cover = (x: number, y: number) =>
    Math.min(1, Math.max(0, (paper - (g.data[y * g.width + x] as number)) / contrast));

  const rows: number[] = [];
  for (let y = y0; y < y1; y++) {
    let sum = 0;
    for (let x = x0; x < x1; x++) sum += cover(x, y);
    rows.push(sum);
  }
  const busiest = Math.max(...rows);
  if (busiest <= 0) return null;
  let first = -1;
  let last = -1;
  rows.forEach((v, i) => {
    if (v >= busiest * BAND_SHARE) {
      if (first < 0) first = i;
      last = i;
    }
  });
  if (last - first + 1 < MIN_BAND_ROWS) return null;
  // The band's edges to a fraction of a row: the partly covered row beyond each edge adds its share
  // of a typical band row.
  const typical = quantileOf(rows.slice(first, last + 1), 0.5);
  const spill = (i: number) => Math.min(1, (rows[i] ?? 0) / typical);
  const bandTop = y0 + first - spill(first - 1);
  const baseline = y0 + last + 1 + spill(last + 1);

  return {
    bandTop,
    baseline,
    band: baseline - bandTop,
    paper,
    contrast,
  };
}
