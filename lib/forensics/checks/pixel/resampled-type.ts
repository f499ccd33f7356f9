// Type that was resampled after it was drawn: a value cut from another document and resized to fit
// the field it covers (a splice). A rasteriser draws a glyph by how much of each pixel it covers, so
// a straight stem's edge crossing a row of pixels covers one of them in part: between the paper and
// the ink it leaves at most one pixel of an intermediate grey, wherever the edge falls. Interpolating
// the word to another width (bicubic, Lanczos, bilinear: what every editor's resize does) spreads
// each edge over the kernel's width: most stem edges of the resized word rise through two
// intermediate pixels or more, whatever the factor (a factor near 1 shifts every edge by a fraction
// of a pixel and spreads it as much). A value cut from another document is another length than the
// one it covers, so its width always changes; its height often does not. Only the upright edges
// (stems, read along rows) are counted: the tops and feet of bowls and digits lie flat along a
// curve and spread on any page, as many as the word has round glyphs. Curves and serifs spread a
// few stem edges too, so a word is compared with the page's own words.
//
// Where it fails: on a capture the optics already spread every edge (sharpness.ts judges added
// type there), so the caller reads only renders; a word cut from another page and pasted at its own
// size with no resampling keeps its edges; a word drawn in a picture the page scaled (a logo's
// lettering, a stamp) is resampled too, which is why the caller counts this in full only on the
// holder's data. A JPEG save moves every level a little: a pixel counts as intermediate only
// clearly inside the edge's rise.
import type { TextItem } from "../../context";
import { nearOnOneLine } from "../../region";
import type { Grey } from "./raster";
import { wordBox } from "./raster";
import { median, quantile, round } from "./stats";

/** Contrast (grey levels) across an edge for it to be a glyph's edge, and the step that starts one. */
const MIN_CONTRAST = 48;
const MIN_STEP = 12;
/** Least cosine between an edge and the upright (about 8°: an italic stem leans 10-15°). */
const UPRIGHT = 0.99;
/** Pixels an edge's rise is followed on either side of its steepest step (a resampled rise fits). */
const REACH = 6;
/** A pixel is intermediate when it stands this share of the rise inside both ends (JPEG moves levels a little). */
const INSIDE = 0.04;
/** Stem edges a word needs to be judged. */
const MIN_EDGES = 40;
/** Words of the page measured before its own share of spread edges is trusted. */
const MIN_PEERS = 8;
/** OCR confidence of the words that stand for the page's type. */
const MIN_PEER_CONFIDENCE = 60;
/**
 * A word counts as resampled when its share of spread edges is this many times the page's (its
 * median word's), and clearly above the page's high words (PAGE_QUANTILE): a page of curly type
 * spreads more of its edges, a page whose type was all resampled leaves no word apart.
 */
export const SPREAD_RATIO = 2.2;
const PAGE_QUANTILE = 0.9;
const ABOVE_HIGH = 1.4;
/** Curves and serifs spread a few stem edges of any real type: a page is never taken to spread fewer. */
const MIN_PAGE_SHARE = 0.03;
/**
 * How far (standard deviations) a word's spread edges stand above what the page's share gives its
 * edge count: a short word's few edges, the curves of one letter, reach a high share by chance.
 */
const MIN_Z = 6;

export interface ResampledWord {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  text: string;
  /** The word's share of stem edges that rise through two intermediate pixels or more. */
  share: number;
  /** The page's words' share (median), and the high share (PAGE_QUANTILE) most words stay below. */
  pageShare: number;
  pageHigh: number;
  edges: number;
  peers: number;
}

export interface ResampledResult {
  wordsMeasured: number;
  deviations: ResampledWord[];
}

interface Counted {
  item: TextItem;
  box: { x0: number; y0: number; x1: number; y1: number };
  edges: number;
  spread: number;
}

/**
 * Whether the edge whose steepest step runs from pixel `i` to `i + 1` rises through two
 * intermediate pixels or more (null: not a stem's edge). `lo` and `hi` bound the row.
 */
function spreadEdge(d: Uint8Array, i: number, w: number, lo: number, hi: number): boolean | null {
  const step = d[i + 1]! - d[i]!;
  const mag = Math.abs(step);
  if (mag < MIN_STEP || mag < Math.abs(d[i]! - d[i - 1]!) || mag <= Math.abs(d[i + 2]! - d[i + 1]!)) return null;
  // A slanted edge (italic, script, a diagonal) crosses more pixels of a row: upright edges only.
  const slope = Math.abs(d[i + w]! - d[i - w]! + d[i + 1 + w]! - d[i + 1 - w]!) / 4;
  if (mag / Math.hypot(mag, slope) < UPRIGHT) return null;
  // The rise: followed both ways while the levels keep going its way.
  const dir = Math.sign(step);
  let start = i;
  for (let k = 0; k < REACH && start - 1 >= lo && (d[start]! - d[start - 1]!) * dir > 0; k++) start--;
  let end = i + 1;
  for (let k = 0; k < REACH && end + 1 <= hi && (d[end + 1]! - d[end]!) * dir > 0; k++) end++;
  const a = d[start]!;
  const b = d[end]!;
  const contrast = Math.abs(b - a);
  if (contrast < MIN_CONTRAST) return null;
  const min = Math.min(a, b) + INSIDE * contrast;
  const max = Math.max(a, b) - INSIDE * contrast;
  let inside = 0;
  for (let j = start + 1; j < end; j++) if (d[j]! > min && d[j]! < max) inside++;
  return inside >= 2;
}

function countWord(g: Grey, item: TextItem): Counted | null {
  const b = wordBox(item, g);
  // A pixel wider on every side (the outermost edges), and clear of the raster's border.
  const m = REACH + 2;
  const box = {
    x0: Math.max(m, b.x0 - 1),
    y0: Math.max(1, b.y0 - 1),
    x1: Math.min(g.width - m, b.x1 + 1),
    y1: Math.min(g.height - 1, b.y1 + 1),
  };
  if (box.x1 - box.x0 < 4 || box.y1 - box.y0 < 4) return null;
  let edges = 0;
  let spread = 0;
  for (let y = box.y0; y < box.y1; y++) {
    const row = y * g.width;
    for (let x = box.x0; x < box.x1; x++) {
      const s = spreadEdge(g.data, row + x, g.width, row, row + g.width - 1);
      if (s === null) continue;
      edges++;
      if (s) spread++;
    }
  }
  return { item, box, edges, spread };
}

/**
 * Words (read by OCR on a rendered page: the caller decides) whose stem edges rise through more
 * pixels than the page's rasteriser draws them.
 */
export function analyseResampledType(g: Grey, words: readonly TextItem[]): ResampledResult {
  const counted: Counted[] = [];
  for (const item of words) {
    if (item.text.replace(/[^\p{L}\p{N}]/gu, "").length < 2) continue;
    const c = countWord(g, item);
    if (c) counted.push(c);
  }
  const none = { wordsMeasured: counted.length, deviations: [] };
  const judged = counted.filter((c) => c.edges >= MIN_EDGES);
  // The page's own type: words read surely (a stamp's or a logo's lettering, artwork OCR took for
  // letters, are read at a guess, and are resampled pictures often enough).
  const peers = judged.filter((c) => c.item.confidence >= MIN_PEER_CONFIDENCE).map((c) => c.spread / c.edges);
  if (peers.length < MIN_PEERS) return none;
  const pageShare = Math.max(MIN_PAGE_SHARE, median(peers));
  const pageHigh = quantile(peers, PAGE_QUANTILE);
  // How far (standard deviations) `spread` of `edges` stands above what the page's share gives.
  const z = (spread: number, edges: number) =>
    (spread - edges * pageShare) / Math.sqrt(edges * pageShare * (1 - pageShare) + 1);
  const stands = (spread: number, edges: number) =>
    spread / edges >= SPREAD_RATIO * pageShare && spread / edges >= ABOVE_HIGH * pageHigh && z(spread, edges) >= MIN_Z;
  const resampled = new Set(judged.filter((c) => stands(c.spread, c.edges)));
  // A cut-out spans its whole value: a word beside a resampled one on its line, itself spread above
  // the page's high words and by half the bar of a word alone, is part of it when the two pooled
  // stand apart (a squeezed name's first word, with fewer stems, short of the bar alone).
  for (const c of [...resampled]) {
    for (const n of judged) {
      if (resampled.has(n) || !nearOnOneLine(c.box, n.box)) continue;
      if (n.spread / n.edges < pageHigh || z(n.spread, n.edges) < MIN_Z / 2) continue;
      if (stands(c.spread + n.spread, c.edges + n.edges)) resampled.add(n);
    }
  }
  const deviations: ResampledWord[] = [...resampled].map((c) => ({
    ...c.box,
    text: c.item.text,
    share: round(c.spread / c.edges, 3),
    pageShare: round(pageShare, 3),
    pageHigh: round(pageHigh, 3),
    edges: c.edges,
    peers: peers.length,
  }));
  deviations.sort((p, q) => q.share - p.share);
  return { wordsMeasured: counted.length, deviations };
}
