// Flat paper inside a captured page.
//
// Why it works: a scanner or a camera leaves noise on every pixel of the paper it captures, so
// almost no pixel of captured paper equals the mean of its 3×3 neighbourhood exactly. A field
// painted over in an editor, or a patch cut from a clean render (another document of the issuer,
// a typed value) and pasted onto the capture, has paper that is perfectly flat: nearly every pixel
// there equals its neighbours. The noise analysis (noise.ts) cannot see the commonest case, white
// paper at 255, because it skips clipped pixels (paper burnt out by the scanner's exposure carries
// no noise either); here clipped paper counts, and the region is judged by what surrounds it
// instead: a field-sized flat patch enclosed by noisy paper of the same page, with the page's
// paper otherwise noisy, does not come from the exposure, which burns out large areas reaching the
// page's edges and leaves few isolated spots.
//
// Where it fails: pages without noise (born-digital renders; a heavy JPEG save that flattened the
// paper everywhere), where flat paper is the page itself, so it is asked only on captures with
// measurable noise; a paste whose noise was matched by the forger passes.
import type { PixelBox } from "../../region";
import type { Grey } from "./raster";
import { groupCells, type CellGrid } from "./regions";
import { round } from "./stats";

const CELL = 8;
/** Paper pixels a cell needs before its flatness is judged (text-covered cells are left undecided). */
const MIN_PAPER = 20;
/** Share of a cell's paper pixels equal to their neighbourhood's mean for the cell to be flat. */
const FLAT = 0.75;
/** At most this share for a cell to count as noisy captured paper. */
const NOISY = 0.35;
/** Page noise (grey levels) below which flat paper is not foreign to the page. */
const MIN_PAGE_SIGMA = 0.5;
/** Pixels darker than this are ink, not paper. */
const PAPER = 120;

export interface PaperPatch extends PixelBox {
  /** Flat cells (8×8 px) in the patch. */
  cells: number;
  /** Share of the patch's judged cells that are flat. */
  flatShare: number;
  /** Share of the judged cells in the ring around it that are noisy captured paper. */
  ringNoisy: number;
  /** Mean grey level of the patch's paper and of the ring's. */
  tone: number;
  ringTone: number;
}

export interface PaperPatchResult {
  /** Share of the page's judged paper cells that are flat (the page's own clipping and flat areas). */
  pageFlatShare: number | null;
  cellsJudged: number;
  threshold: { minCells: number; maxPageShare: number; minRingNoisy: number; maxPageFlat: number };
  regions: PaperPatch[];
}

const THRESHOLD = { minCells: 10, maxPageShare: 0.03, minRingNoisy: 0.75, maxPageFlat: 0.2 };

/**
 * Flat paper patches on a captured page. `pageSigma` is the page's noise (noise.ts), null when
 * not measurable: such a page has no noise for a patch to lack, and nothing is reported.
 */
export function analysePaperPatches(g: Grey, pageSigma: number | null): PaperPatchResult {
  const { data, width: w, height: h } = g;
  const grid: CellGrid = { cols: Math.floor((w - 2) / CELL), rows: Math.floor((h - 2) / CELL), cell: CELL };
  const n = grid.cols * grid.rows;
  const empty = (pageFlatShare: number | null, judged = 0): PaperPatchResult => ({
    pageFlatShare,
    cellsJudged: judged,
    threshold: THRESHOLD,
    regions: [],
  });
  if (pageSigma === null || pageSigma < MIN_PAGE_SIGMA || n === 0) return empty(null);

  // Per cell: paper pixels (light, away from strokes) and how many of them sit exactly at their
  // 3×3 neighbourhood's level.
  const paper = new Int32Array(n);
  const flat = new Int32Array(n);
  const tone = new Float64Array(n);
  const gate = Math.max(12, 6 * pageSigma);
  // Counted per cell in locals and added once per row of the cell; the 3×3 sum is carried along
  // the row as three column sums (each pixel's column is added up once, not three times).
  for (let y = 1; y < grid.rows * CELL + 1 && y < h - 1; y++) {
    const row = Math.floor((y - 1) / CELL) * grid.cols;
    const at = y * w;
    const column = (i: number) => data[i - w] + data[i] + data[i + w];
    let before = column(at);
    let here = column(at + 1);
    for (let c = 0; c < grid.cols; c++) {
      const x0 = 1 + c * CELL;
      const x1 = Math.min(x0 + CELL, w - 1);
      let papers = 0;
      let tones = 0;
      let flats = 0;
      for (let x = x0; x < x1; x++) {
        const i = at + x;
        const after = column(i + 1);
        const sum = before + here + after;
        before = here;
        here = after;
        const v = data[i];
        if (v < PAPER) continue;
        if (Math.abs(data[i + 1] - data[i - 1]) + Math.abs(data[i + w] - data[i - w]) > gate) continue;
        papers++;
        tones += v;
        if (9 * v === sum) flats++;
      }
      const t = row + c;
      paper[t] += papers;
      // Whole grey levels: the cell's sum is the same added per row as per pixel.
      tone[t] += tones;
      flat[t] += flats;
    }
  }

  // 1 flat, 2 noisy, 0 undecided (too little paper: ink, a photo, the page's edge).
  const state = new Uint8Array(n);
  let judged = 0;
  let flatCount = 0;
  for (let t = 0; t < n; t++) {
    if (paper[t] < MIN_PAPER) continue;
    judged++;
    const share = flat[t] / paper[t];
    if (share >= FLAT) {
      state[t] = 1;
      flatCount++;
    } else if (share <= NOISY) state[t] = 2;
  }
  if (judged < 200) return empty(null, judged);
  const pageFlatShare = flatCount / judged;
  // A page largely flat (a burnt-out exposure, a heavily smoothed photo) has no noisy paper to
  // tell a patch from.
  if (pageFlatShare > THRESHOLD.maxPageFlat) return empty(round(pageFlatShare, 3), judged);

  // Text inside a pasted patch leaves undecided cells between its flat ones: close the gaps by one
  // cell before grouping, so one patch is one group.
  const flags = new Uint8Array(n);
  for (let t = 0; t < n; t++) {
    if (state[t] === 1) {
      flags[t] = 1;
      continue;
    }
    if (state[t] !== 0) continue;
    const c = t % grid.cols;
    const r = (t - c) / grid.cols;
    const flatAt = (cc: number, rr: number) =>
      cc >= 0 && rr >= 0 && cc < grid.cols && rr < grid.rows && state[rr * grid.cols + cc] === 1;
    if ((flatAt(c - 1, r) && flatAt(c + 1, r)) || (flatAt(c, r - 1) && flatAt(c, r + 1))) flags[t] = 1;
  }

  const regions: PaperPatch[] = [];
  for (const group of groupCells(grid, flags, THRESHOLD.minCells)) {
    const flatCells = group.cells.filter((t) => state[t] === 1);
    if (flatCells.length < THRESHOLD.minCells) continue;
    // Field-sized: larger areas are the exposure's or the page's own (margins, blank bands).
    if (flatCells.length > THRESHOLD.maxPageShare * judged) continue;
    // Not touching the page's edge, where a photo's background and a scanner's lid begin.
    if (group.c0 <= 1 || group.r0 <= 1 || group.c1 >= grid.cols - 1 || group.r1 >= grid.rows - 1) continue;
    // The ring 1–3 cells around the patch's box: captured paper with its noise.
    let ringJudged = 0;
    let ringNoisy = 0;
    let ringTone = 0;
    let ringPaper = 0;
    for (let r = group.r0 - 3; r < group.r1 + 3; r++) {
      for (let c = group.c0 - 3; c < group.c1 + 3; c++) {
        if (r >= group.r0 && r < group.r1 && c >= group.c0 && c < group.c1) continue;
        if (r < 0 || c < 0 || r >= grid.rows || c >= grid.cols) continue;
        const t = r * grid.cols + c;
        if (state[t] === 0) continue;
        ringJudged++;
        if (state[t] === 2) ringNoisy++;
        ringTone += tone[t];
        ringPaper += paper[t];
      }
    }
    if (ringJudged < 8) continue;
    const noisyShare = ringNoisy / ringJudged;
    if (noisyShare < THRESHOLD.minRingNoisy) continue;
    let patchTone = 0;
    let patchPaper = 0;
    let judgedInside = 0;
    for (const t of group.cells) {
      if (state[t] !== 0) judgedInside++;
      patchTone += tone[t];
      patchPaper += paper[t];
    }
    regions.push({
      x0: 1 + group.c0 * CELL,
      y0: 1 + group.r0 * CELL,
      x1: 1 + group.c1 * CELL,
      y1: 1 + group.r1 * CELL,
      cells: flatCells.length,
      flatShare: round(flatCells.length / Math.max(1, judgedInside), 3),
      ringNoisy: round(noisyShare, 3),
      tone: round(patchTone / Math.max(1, patchPaper), 1),
      ringTone: round(ringTone / Math.max(1, ringPaper), 1),
    });
  }
  regions.sort((a, b) => b.cells - a.cells);
  return { pageFlatShare: round(pageFlatShare, 3), cellsJudged: judged, threshold: THRESHOLD, regions };
}
