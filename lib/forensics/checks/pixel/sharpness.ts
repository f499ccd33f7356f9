// Edge sharpness of the print (text added after capture).
//
// Why it works: a camera or scanner blurs everything it captures by the same optics, so every
// printed stroke of a photographed or scanned page has edges of about the same width, whatever
// its font, size or colour. Text typed onto the image afterwards in an editor (a retyped amount,
// a field pasted from a digital source) never went through those optics: its edges are as crisp
// as the editor's anti-aliasing, far steeper than the print around it. We measure, at every
// strong edge along rows and columns, its width: the contrast across the edge over its steepest
// one-pixel step (1–1.5 px for a crisp anti-aliased edge, about 2.5σ for optics blurring with
// σ pixels). Each 32×32 tile of print is described by a low quantile of its edge widths, and
// compared with the sharper print around it (optics blur varies smoothly across a photo: depth
// of field, perspective), never with one global value; flagged tiles are pooled into regions.
// Widths are read per direction and the wider counts: type added to the image is crisp both
// ways, while a scanner's digital deskew resamples a slightly skewed page so that bands of rows
// keep crisp stems (their shift lands near a whole pixel) and bands of columns crisp bars, one
// way only.
//
// Where it fails: clean renders and sharp scans (nothing is blurred, so added text is not sharper
// than the print); a forger who blurs the added text to match; text pasted as a photo of another
// print; a page resampled so far down that its blur is below a pixel. Strokes thinner than the
// blur read somewhat crisper on their own, which is why a region must be clearly crisper than
// the print around it, and strong evidence only well beyond that.
import type { Grey } from "./raster";
import { groupCells, type CellGrid } from "./regions";
import { median, quantile, robustSpread, round } from "./stats";
import type { PixelBox } from "../../region";

const TILE = 32;
/** Contrast (grey levels) across an edge for it to be print rather than paper texture or noise. */
const MIN_CONTRAST = 48;
/** Half-width of the window an edge's contrast is read over: wide enough for a blurred edge's whole rise. */
const REACH = 6;
const BINS = 80;
/** Width histogram resolution: bins per pixel of rise width. */
const BINS_PER_PIXEL = 10;
/** Edges a tile needs for its width to mean anything. */
const MIN_EDGES = 12;
/** Text tiles within this many tiles form a tile's local baseline. */
const NEIGHBOURHOOD = 8;
const REFERENCE_QUANTILE = 0.2;
/** Share of a tile's edges below the width that describes it (see histogramQuantile). */
const EDGE_QUANTILE = 0.3;
/** Bars for a tile to join a candidate region (the region's pooled edges must then pass `threshold`). */
const TILE_RATIO = 1.2;
const TILE_MIN_Z = 2;

export interface SharpnessRegion extends PixelBox {
  tiles: number;
  edges: number;
  /** Width (pixels, contrast over steepest slope) of the region's crisper edges (see histogramQuantile). */
  edgeWidth: number;
  /** The same for the print around it. */
  baseline: number;
  zScore: number;
}

export interface SharpnessResult {
  /** Median tile width (pixels) of the page's print, null when the page has too little print. */
  pageEdgeWidth: number | null;
  textTiles: number;
  threshold: { ratio: number; minZ: number; minPageWidth: number; minEdges: number };
  regions: SharpnessRegion[];
}

/**
 * Width bin of the edge whose steepest step runs from pixel `i` to `i + along`, or -1 when it is
 * not an edge of print. `side` is the stride square to `along` (the other image axis).
 */
function edgeBin(data: Uint8Array, i: number, along: number, side: number): number {
  const step = data[i + along] - data[i];
  const mag = Math.abs(step);
  // The steepest step of this edge only: not smaller than the one before, larger than the one after.
  if (mag < Math.abs(data[i] - data[i - along]) || mag <= Math.abs(data[i + 2 * along] - data[i + along])) return -1;
  let lo = 255;
  let hi = 0;
  for (let j = i - (REACH - 1) * along, end = i + REACH * along; j <= end; j += along) {
    const v = data[j];
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  const contrast = hi - lo;
  if (contrast < MIN_CONTRAST) return -1;
  // Measured along one axis, an oblique edge looks wider by 1/cos of its angle: keep edges within
  // ~35° of square to the axis and correct for the rest.
  const slope = Math.abs(data[i + side] - data[i - side] + data[i + along + side] - data[i + along - side]) / 4;
  const cos = mag / Math.hypot(mag, slope);
  if (cos < 0.82) return -1;
  // Contrast over the steepest step: the width the edge would have if it rose at that slope all
  // the way (1–1.5 px for a crisp anti-aliased edge, about 2.5σ for optics blur of σ px).
  return Math.min(BINS - 1, Math.floor(((contrast * cos) / mag) * BINS_PER_PIXEL));
}

/**
 * The width below which EDGE_QUANTILE of the histogram's edges lie. A low quantile rather than the
 * median: optics bound how narrow a captured edge can be, while edges crowded by a neighbouring
 * stroke or cut short by a serif only ever read wider, so the crisper edges show the blur best.
 */
function histogramQuantile(hist: ArrayLike<number>, total: number): number {
  const target = total * EDGE_QUANTILE;
  let acc = 0;
  for (let b = 0; b < BINS; b++) {
    acc += hist[b];
    // Interpolated inside the bin: region widths are compared a few tenths of a pixel apart.
    if (acc >= target) return (b + 1 - (acc - target) / Math.max(1, hist[b])) / BINS_PER_PIXEL;
  }
  return BINS / BINS_PER_PIXEL;
}

export function analyseSharpness(g: Grey, opts: { step: number; noiseSigma: number | null }): SharpnessResult {
  const threshold = { ratio: 1.25, minZ: 3.5, minPageWidth: 1.45, minEdges: 60 };
  const { data, width: w, height: h } = g;
  const grid: CellGrid = { cols: Math.floor(w / TILE), rows: Math.floor(h / TILE), cell: TILE };
  const n = grid.cols * grid.rows;
  const count = new Int32Array(n);
  // Edge widths per direction: along rows (the sides of stems) and along columns (of bars).
  const rowHist = new Int32Array(n * BINS);
  const colHist = new Int32Array(n * BINS);
  // Edges along rows and along columns, counted apart: a ruled line has edges one way only.
  const across = new Int32Array(n);
  // A step must stand well above the noise to be an edge at all.
  const gate = Math.max(12, 6 * (opts.noiseSigma ?? 0));
  const bottom = grid.rows * TILE;
  const right = grid.cols * TILE;
  // Row by row (columns read in place would miss the cache): edges along rows on every `step`-th
  // row, edges along columns on every `step`-th column, each kept away from the border by the
  // reach of its contrast window. The two are counted apart, so each loop visits only its pixels.
  const margin = REACH + 1;
  const xEnd = Math.min(right, w - margin);
  // The first sampled column at or after the margin.
  const firstColumn = Math.ceil(margin / opts.step) * opts.step;
  for (let y = margin; y < Math.min(bottom, h - margin); y++) {
    const tileRow = Math.floor(y / TILE) * grid.cols;
    const row = y * w;
    if (y % opts.step === 0) {
      for (let x = margin; x < xEnd; x++) {
        const i = row + x;
        if (Math.abs(data[i + 1] - data[i]) < gate) continue;
        const bin = edgeBin(data, i, 1, w);
        if (bin < 0) continue;
        const t = tileRow + ((x / TILE) | 0);
        rowHist[t * BINS + bin]++;
        count[t]++;
        across[t]++;
      }
    }
    for (let x = firstColumn; x < xEnd; x += opts.step) {
      const i = row + x;
      if (Math.abs(data[i + w] - data[i]) < gate) continue;
      const bin = edgeBin(data, i, w, 1);
      if (bin < 0) continue;
      const t = tileRow + ((x / TILE) | 0);
      colHist[t * BINS + bin]++;
      count[t]++;
    }
  }

  // Width per tile of print: glyphs have edges both ways; a rule or a line's end does not.
  const width = new Float64Array(n).fill(Number.NaN);
  const text: number[] = [];
  for (let t = 0; t < n; t++) {
    if (count[t] < MIN_EDGES) continue;
    const share = across[t] / count[t];
    if (share < 0.2 || share > 0.8) continue;
    width[t] = Math.max(
      histogramQuantile(rowHist.subarray(t * BINS, (t + 1) * BINS), across[t]),
      histogramQuantile(colHist.subarray(t * BINS, (t + 1) * BINS), count[t] - across[t]),
    );
    text.push(t);
  }
  const none = { pageEdgeWidth: null, textTiles: text.length, threshold, regions: [] };
  if (text.length < 30) return none;
  const values = text.map((t) => width[t]);
  const pageEdgeWidth = median(values);
  const spread = Math.max(0.1, robustSpread(values, pageEdgeWidth));
  const pageReference = quantile(values, REFERENCE_QUANTILE);
  // On a page whose print is already crisp (a render, a sharp scan), added text is no sharper.
  if (pageEdgeWidth < threshold.minPageWidth) return { ...none, pageEdgeWidth: round(pageEdgeWidth, 2) };

  const flagged = new Uint8Array(n);
  const info = new Map<number, { base: number; z: number }>();
  for (const t of text) {
    const c = t % grid.cols;
    const r = (t - c) / grid.cols;
    const around: number[] = [];
    for (let rr = Math.max(0, r - NEIGHBOURHOOD); rr <= Math.min(grid.rows - 1, r + NEIGHBOURHOOD); rr++) {
      for (let cc = Math.max(0, c - NEIGHBOURHOOD); cc <= Math.min(grid.cols - 1, c + NEIGHBOURHOOD); cc++) {
        const u = rr * grid.cols + cc;
        // The tile's own neighbours are left out: a retyped field spans several tiles.
        if (Math.abs(rr - r) <= 2 && Math.abs(cc - c) <= 2) continue;
        if (!Number.isNaN(width[u])) around.push(width[u]);
      }
    }
    // The sharper print nearby is the reference, not the typical: photos, barcodes printed from
    // coarse images and soft inks are blurrier than text on their own, and a tile among them must
    // not look sharp for it. Nor may the reference be blurrier than the page's typical print.
    // Too little print nearby (an isolated title): the page's sharper print is the reference.
    const base = Math.min(around.length >= 8 ? quantile(around, REFERENCE_QUANTILE) : pageReference, pageEdgeWidth);
    const z = (base - width[t]) / spread;
    info.set(t, { base, z });
    // A loose bar per tile: one tile's width rests on a few dozen edges; the region decides.
    if (width[t] * TILE_RATIO <= base && z >= TILE_MIN_Z) flagged[t] = 1;
  }

  // A region's edges are pooled: its width is known to within the tile spread shrunk by the
  // square root of how many more edges it holds than a typical tile of print.
  const typicalEdges = median(text.map((t) => count[t]));
  const regions: SharpnessRegion[] = [];
  const pooledRows = new Int32Array(BINS);
  const pooledCols = new Int32Array(BINS);
  for (const group of groupCells(grid, flagged, 1)) {
    const edges = group.cells.reduce((s, t) => s + count[t], 0);
    if (edges < threshold.minEdges) continue;
    pooledRows.fill(0);
    pooledCols.fill(0);
    let rowEdges = 0;
    for (const t of group.cells) {
      rowEdges += across[t];
      for (let b = 0; b < BINS; b++) {
        pooledRows[b] += rowHist[t * BINS + b];
        pooledCols[b] += colHist[t * BINS + b];
      }
    }
    const edgeWidth = Math.max(
      histogramQuantile(pooledRows, rowEdges),
      histogramQuantile(pooledCols, edges - rowEdges),
    );
    const baseline = median(group.cells.map((t) => info.get(t)!.base));
    const zScore = (baseline - edgeWidth) / (spread * Math.sqrt(typicalEdges / edges));
    if (edgeWidth * threshold.ratio > baseline || zScore < threshold.minZ) continue;
    regions.push({
      x0: group.c0 * TILE,
      y0: group.r0 * TILE,
      x1: group.c1 * TILE,
      y1: group.r1 * TILE,
      tiles: group.cells.length,
      edges,
      edgeWidth: round(edgeWidth, 2),
      baseline: round(baseline, 2),
      zScore: round(zScore, 2),
    });
  }
  return { pageEdgeWidth: round(pageEdgeWidth, 2), textTiles: text.length, threshold, regions };
}
