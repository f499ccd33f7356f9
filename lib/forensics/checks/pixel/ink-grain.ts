// The grain of a word's strokes against the page's: a value pasted or typed onto a capture.
//
// Why it works: a scanner's or a camera's sensor adds its noise to every pixel it records, and the
// edge of a stroke (grey levels between the ink and the paper, never clipped at either end) keeps
// it: down the side of a stem no two pixels in a row hold the same grey level for long, the less so
// as a photographed or skewed page leans every stem off the pixel grid. A value cut from a clean
// render, or typed by an editor after the capture, never went through a sensor: its stems stand on
// the grid, and down their sides pixel after pixel repeats the same level exactly (a JPEG save
// keeps that: a block that does not change down its rows is encoded without change down them).
// Per word read by OCR, at its strong edges across rows (the sides of stems) and across columns
// (the tops of bars), the share of edge pixels equal to both their neighbours along the edge; a
// word whose share stands far above the page's words' is ink no sensor recorded. Unlike the paper
// between the letters (word-paper.ts), which a clean render's white leaves clipped at 255 where
// noise says nothing, a stroke's edge is mid-grey whatever the paper.
//
// Where it fails: a paste cut from another capture (it brings a sensor's grain of its own), a
// forger who adds noise to the pasted value, and a page whose capture left no grain to lose (a
// scan denoised flat or a JPEG saved so coarsely that its blocks lost it): there every word's share
// is high and none stands apart. Asked on captures only: a render has no grain at all.
import type { TextItem } from "../../context";
import type { Grey } from "./raster";
import { wordBox } from "./raster";
import { quantile, round } from "./stats";

/** Contrast across a pixel's two neighbours for it to be on a stroke's edge. */
const EDGE = 40;
/** Grey levels an edge pixel stays inside: clipped ink or paper repeats for lack of range, not of grain. */
const DARKEST = 30;
const LIGHTEST = 225;
/** Edge pixels a word needs to be judged: a short word's few (a "12", a "TD2") repeat by chance. */
const MIN_EDGES = 150;
/** Words measured before the page's share is trusted. */
const MIN_WORDS = 8;
const PAGE_QUANTILE = 0.9;

export const THRESHOLD = {
  /** Share of a word's edge pixels equal to both neighbours along the edge. */
  share: 0.12,
  /** That share over the page's (its words' PAGE_QUANTILE), and the page's never counted below `floor`. */
  ratio: 3,
  floor: 0.02,
};

export interface InkGrainMeasure {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  text: string;
  /** Whether the word is the holder's data (the caller's reading). */
  holder: boolean;
  edges: number;
  /** Edge pixels equal to both their neighbours along the edge. */
  still: number;
  share: number;
}

export interface InkGrainResult {
  wordsMeasured: number;
  /** The page's share of still edge pixels (a high quantile of its words'), null when too few words. */
  pageShare: number | null;
  threshold: typeof THRESHOLD;
  measured: InkGrainMeasure[];
  deviations: InkGrainMeasure[];
}

function measureWord(g: Grey, item: TextItem, holder: boolean): InkGrainMeasure | null {
  const { data: d, width: w, height: h } = g;
  const b = wordBox(item, g);
  let edges = 0;
  let still = 0;
  for (let y = Math.max(1, b.y0); y < Math.min(h - 1, b.y1); y++) {
    for (let x = Math.max(1, b.x0); x < Math.min(w - 1, b.x1); x++) {
      const i = y * w + x;
      const v = d[i]!;
      if (v < DARKEST || v > LIGHTEST) continue;
      const across = Math.abs(d[i + 1]! - d[i - 1]!);
      const down = Math.abs(d[i + w]! - d[i - w]!);
      // The side of a stem (the level changes across the row): its run is down the column.
      if (across >= EDGE && across >= 2 * down) {
        edges++;
        if (d[i - w] === v && d[i + w] === v) still++;
      } else if (down >= EDGE && down >= 2 * across) {
        edges++;
        if (d[i - 1] === v && d[i + 1] === v) still++;
      }
    }
  }
  if (edges < MIN_EDGES) return null;
  return { ...b, text: item.text, holder, edges, still, share: round(still / edges, 3) };
}

/** Whether a word's edges are still where the page's carry the capture's grain. */
export function grainless(m: InkGrainMeasure, pageShare: number): boolean {
  return m.share >= THRESHOLD.share && m.share >= THRESHOLD.ratio * Math.max(pageShare, THRESHOLD.floor);
}

/**
 * Words (read by OCR on a captured page: the caller decides) whose strokes lack the grain of the
 * page's. `isHolder` tells which words are the holder's data.
 */
export function analyseInkGrain(
  g: Grey,
  words: readonly TextItem[],
  isHolder: (word: TextItem) => boolean = () => true,
): InkGrainResult {
  const measured: InkGrainMeasure[] = [];
  for (const item of words) {
    if (item.text.replace(/[^\p{L}\p{N}]/gu, "").length < 2) continue;
    const m = measureWord(g, item, isHolder(item));
    if (m) measured.push(m);
  }
  if (measured.length < MIN_WORDS)
    return { wordsMeasured: measured.length, pageShare: null, threshold: THRESHOLD, measured, deviations: [] };
  const pageShare = quantile(
    measured.map((m) => m.share),
    PAGE_QUANTILE,
  );
  const deviations = measured.filter((m) => grainless(m, pageShare)).sort((p, q) => q.share - p.share);
  return { wordsMeasured: measured.length, pageShare: round(pageShare, 3), threshold: THRESHOLD, measured, deviations };
}
