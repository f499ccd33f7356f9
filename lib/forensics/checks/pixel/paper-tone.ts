// Paper lighter than the paper: a patch pasted onto a capture.
//
// Why it works: ink only darkens paper, so on a scan or a photo nothing printed is lighter than
// the sheet it is printed on; the scanner's lamp or the room's light and the paper's own tint set
// the lightest tone of the whole capture. A value cut from a clean render (another document of the
// issuer, a typed value) and pasted onto the capture brings the render's paper along: white at 255,
// a visible step lighter than the captured paper around it. The flat-paper test (paper-patch.ts)
// sees such a patch only while it stays perfectly flat; a JPEG save at an ordinary quality rings
// around the pasted letters and erases that flatness, but not the patch's tone. Here every 8×8
// cell's paper (light pixels away from strokes) is described by its median tone and compared with
// two references: the lightest paper of its neighbourhood (the 90th percentile of the cells
// within about 24 cells, so a photo's falling light and a tinted panel are their own reference)
// and the lightest paper of the whole page (its 95th percentile). A cell lighter than both by a
// clear step is paper the capture did not make; a field-sized group of them, away from the page's
// edge, is reported with its place.
//
// Where it fails: a pasted patch whose tone was matched to the paper (a forger's levels
// adjustment), a capture exposed so bright that its paper is already clipped at 255, and a photo
// lit so unevenly that some paper elsewhere is as light as the patch. The page's edge is left out:
// a scanner's lid and a rotated scan's fill corners are lighter than the sheet, and they touch it.
import type { PixelBox } from "../../region";
import type { Grey } from "./raster";
import { groupCells, type CellGrid } from "./regions";
import { histogramQuantile, quantile, round } from "./stats";

const CELL = 8;
/** Pixels darker than this are ink or artwork, not paper. */
const PAPER = 160;
/** Largest gradient (|dx| + |dy|, grey levels) in a pixel's 3×3 neighbourhood for it to be paper away from strokes. */
const GATE = 24;
/** Rows of a cell sampled: every other one. */
const ROW_STEP = 2;
/** Sampled paper pixels a cell needs for its tone to be judged (of 32). */
const MIN_PAPER = 12;
/** Cells per side of the blocks whose lightest paper forms the local reference. */
const BLOCK = 16;
/** Judged cells a block needs for its reference. */
const MIN_BLOCK_CELLS = 40;

export interface PaperToneRegion extends PixelBox {
  /** Cells (8×8 px) lighter than the paper around them and than the page's. */
  cells: number;
  /** Median tone of those cells' paper. */
  tone: number;
  /** The references they were compared with: the neighbourhood's lightest paper, the page's. */
  localPaper: number;
  pagePaper: number;
}

export interface PaperToneResult {
  /** The page's lightest paper (95th percentile of the judged cells' tones), null when too little paper. */
  pagePaper: number | null;
  cellsJudged: number;
  threshold: { step: number; minCells: number; maxPageShare: number };
  regions: PaperToneRegion[];
}

const THRESHOLD = { step: 5, minCells: 10, maxPageShare: 0.03 };

/**
 * Regions of a captured page whose paper is lighter than the paper around them and than the
 * page's lightest paper. Call it on captures only: a render's paper is one value everywhere, and
 * a white card on a tinted render is lighter than its surroundings by design.
 */
export function analysePaperTone(g: Grey): PaperToneResult {
  const { data, width: w, height: h } = g;
  const grid: CellGrid = { cols: Math.floor(w / CELL), rows: Math.floor(h / CELL), cell: CELL };
  const n = grid.cols * grid.rows;
  const empty = (judged = 0): PaperToneResult => ({
    pagePaper: null,
    cellsJudged: judged,
    threshold: THRESHOLD,
    regions: [],
  });
  if (n === 0) return empty();

  // Paper = light with no gradient above the gate in its 3×3 neighbourhood. Per row, whether the
  // gradient of any of three columns passes the gate; a pixel is then judged on the rows above,
  // at and below it. Every other row is sampled: half the pixels describe a cell's median as well.
  // A row of cells reads the rows from just above it to just below it, worked out for that band
  // alone rather than as two page-sized masks (17 MB on an A4 page, made and dropped per page).
  const band = new Uint8Array((CELL + 1) * w);
  const tone = new Float64Array(n).fill(-1);
  // Paper tones run from PAPER to 255: a cell's median is read off a count per tone, not a sort.
  const counts = new Uint8Array(256 - PAPER);
  // Every cell's tone is a whole or half grey level: the page's quantile is read off a count of
  // them at twice their value, not a sort of a hundred thousand cells.
  const toneCounts = new Uint32Array(2 * 256);
  let judged = 0;
  for (let r = 0; r < grid.rows; r++) {
    // Band row b is page row r·CELL + b.
    const top = r * CELL;
    for (let b = 0; b <= CELL; b++) steepInRow(data, w, h, top + b, band, b * w);
    for (let c = 0; c < grid.cols; c++) {
      let k = 0;
      counts.fill(0);
      for (let y = top + 1; y < top + CELL && y < h - 1; y += ROW_STEP) {
        const at = (y - top) * w;
        for (let x = Math.max(1, c * CELL); x < (c + 1) * CELL && x < w - 1; x++) {
          const v = data[y * w + x];
          if (v < PAPER || band[at - w + x] | band[at + x] | band[at + w + x]) continue;
          counts[v - PAPER]++;
          k++;
        }
      }
      if (k < MIN_PAPER) continue;
      const m = countedMedian(counts, k) + PAPER;
      tone[r * grid.cols + c] = m;
      toneCounts[2 * m]++;
      judged++;
    }
  }
  if (judged < 200) return empty(judged);
  const pagePaper = histogramQuantile(toneCounts, judged, 0.95, (i) => i / 2);

  // The neighbourhood's lightest paper: per block of BLOCK×BLOCK cells its 90th percentile, then
  // the median of the blocks around (so a pasted patch, a few blocks' share at most, does not set
  // its own reference).
  const bc = Math.ceil(grid.cols / BLOCK);
  const br = Math.ceil(grid.rows / BLOCK);
  const blockTop = new Float64Array(bc * br).fill(NaN);
  for (let R = 0; R < br; R++) {
    for (let C = 0; C < bc; C++) {
      const own: number[] = [];
      for (let r = R * BLOCK; r < Math.min(grid.rows, (R + 1) * BLOCK); r++) {
        for (let c = C * BLOCK; c < Math.min(grid.cols, (C + 1) * BLOCK); c++) {
          const t = tone[r * grid.cols + c];
          if (t >= 0) own.push(t);
        }
      }
      if (own.length >= MIN_BLOCK_CELLS) blockTop[R * bc + C] = quantile(own, 0.9);
    }
  }
  const local = new Float64Array(bc * br).fill(NaN);
  for (let R = 0; R < br; R++) {
    for (let C = 0; C < bc; C++) {
      const around: number[] = [];
      for (let dR = -1; dR <= 1; dR++) {
        for (let dC = -1; dC <= 1; dC++) {
          const RR = R + dR;
          const CC = C + dC;
          if (RR < 0 || CC < 0 || RR >= br || CC >= bc) continue;
          const v = blockTop[RR * bc + CC];
          if (!Number.isNaN(v)) around.push(v);
        }
      }
      if (around.length >= 3) local[R * bc + C] = quantile(around, 0.5);
    }
  }

  const flags = new Uint8Array(n);
  for (let t = 0; t < n; t++) {
    if (tone[t] < 0) continue;
    const c = t % grid.cols;
    const r = (t - c) / grid.cols;
    const ref = local[Math.floor(r / BLOCK) * bc + Math.floor(c / BLOCK)];
    if (Number.isNaN(ref)) continue;
    if (tone[t] >= ref + THRESHOLD.step && tone[t] >= pagePaper + THRESHOLD.step) flags[t] = 1;
  }

  const regions: PaperToneRegion[] = [];
  for (const group of groupCells(grid, flags, THRESHOLD.minCells)) {
    // Field-sized: a larger lighter area is the capture's own (a lamp's hot spot, a light frame).
    if (group.cells.length > THRESHOLD.maxPageShare * judged) continue;
    // Not touching the page's edge (a scanner's lid, a rotated scan's fill corners).
    if (group.c0 <= 1 || group.r0 <= 1 || group.c1 >= grid.cols - 1 || group.r1 >= grid.rows - 1) continue;
    const own = group.cells.map((t) => tone[t]);
    const refs = group.cells.map((t) => {
      const c = t % grid.cols;
      const r = (t - c) / grid.cols;
      return local[Math.floor(r / BLOCK) * bc + Math.floor(c / BLOCK)];
    });
    regions.push({
      x0: group.c0 * CELL,
      y0: group.r0 * CELL,
      x1: group.c1 * CELL,
      y1: group.r1 * CELL,
      cells: group.cells.length,
      tone: round(quantile(own, 0.5), 1),
      localPaper: round(quantile(refs, 0.5), 1),
      pagePaper: round(pagePaper, 1),
    });
  }
  return { pagePaper: round(pagePaper, 1), cellsJudged: judged, threshold: THRESHOLD, regions };
}

/**
 * Into `out` from `at`, for each pixel of row `y`: whether its gradient (|dx| + |dy|) or either
 * row neighbour's passes the gate. The page's outermost rows and columns have no gradient.
 */
function steepInRow(data: Uint8Array, w: number, h: number, y: number, out: Uint8Array, at: number): void {
  out.fill(0, at, at + w);
  if (y < 1 || y >= h - 1) return;
  const row = y * w;
  const steep = (x: number) =>
    x >= 1 &&
    x < w - 1 &&
    Math.abs(data[row + x + 1] - data[row + x - 1]) + Math.abs(data[row + x + w] - data[row + x - w]) > GATE
      ? 1
      : 0;
  let before = 0;
  let here = steep(1);
  for (let x = 1; x < w - 1; x++) {
    const after = steep(x + 1);
    out[at + x] = before | here | after;
    before = here;
    here = after;
  }
}

/** The median of `k` values counted per value (the mean of the two middle ones for even k). */
function countedMedian(counts: Uint8Array, k: number): number {
  const lower = (k - 1) >> 1;
  const upper = k >> 1;
  let seen = 0;
  let low = -1;
  for (let v = 0; v < counts.length; v++) {
    seen += counts[v];
    if (low < 0 && seen > lower) low = v;
    if (seen > upper) return (low + v) / 2;
  }
  return low;
}
