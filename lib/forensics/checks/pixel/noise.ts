// Noise inconsistency.
//
// Why it works: every pixel of a photographed or scanned page carries sensor/scanner noise of a
// level set by the device and the local brightness. A field painted over and retyped in an editor,
// or a patch from a cleaner or noisier source, has a noise level of its own. We estimate noise per
// 32×32 tile from the residual of a 3×3 mean (flat areas and linear gradients cancel, so what
// remains is noise; the tile's median |residual| ignores stray stroke pixels), skipping pixels on
// or beside edges (text strokes would read as noise) and clipped pixels (paper burnt to 255 has
// no noise to measure). Tiles are compared only with tiles of similar brightness, because noise
// legitimately grows with signal.
//
// Where it fails: pages without noise (digital renders, strong denoising, heavy JPEG that
// flattened the paper): nothing to be inconsistent with, so "too clean" is only tested on pages
// whose paper is visibly noisy, and so is "too noisy" (on a clean render a printed emblem or
// guilloche reads as noise). Fine print can read as noise on noisy pages too, which is why
// "too noisy" needs a larger margin. A paste whose noise was matched by the forger passes.
import type { Grey } from "./raster";
import { groupCells, type CellGrid } from "./regions";
import { classBaselines, median, quantileClasses, round } from "./stats";
import type { PixelBox } from "../../region";

const TILE = 32;
/** Below this page noise level (grey levels) there is no noise to be missing. */
const MIN_PAGE_SIGMA = 0.6;

export interface NoiseRegion extends PixelBox {
  tiles: number;
  kind: "too_clean" | "too_noisy";
  sigma: number;
  baseline: number;
  zScore: number;
}

export interface NoiseResult {
  pageSigma: number | null;
  tilesAnalysed: number;
  threshold: { ratio: number; minZ: number; minTiles: number; minPageSigma: number };
  regions: NoiseRegion[];
}

const HIST = 256;

function histMedian(hist: Int32Array, tile: number, total: number): number {
  let acc = 0;
  for (let k = 0; k < HIST; k++) {
    acc += hist[tile * HIST + k];
    // Interpolate inside the bin so small noise levels are not all rounded to the same integer.
    if (acc >= total / 2) return k - 0.5 + (total / 2 - (acc - hist[tile * HIST + k])) / hist[tile * HIST + k];
  }
  return HIST;
}

/**
 * 9 × (pixel − mean of its 3×3 neighbourhood). Flat areas and linear gradients cancel; for white
 * noise of deviation σ, median|r| = 9·0.636·σ. A mean-removal residual rather than a second
 * derivative, because JPEG strips the highest frequencies of noise first and keeps the middle ones.
 */
function residual(d: Uint8Array, w: number, i: number): number {
  return (
    9 * d[i] -
    (d[i - w - 1] + d[i - w] + d[i - w + 1] + d[i - 1] + d[i] + d[i + 1] + d[i + w - 1] + d[i + w] + d[i + w + 1])
  );
}
const MEDIAN_TO_SIGMA = 1 / (9 * 0.636);

/** The centred gradient |dx| + |dy| at pixel `i`. */
function gradientAt(d: Uint8Array, w: number, i: number): number {
  return Math.abs(d[i + 1] - d[i - 1]) + Math.abs(d[i + w] - d[i - w]);
}

/** At the ends of the range, where clipping leaves no noise to measure. */
const clipped = (v: number) => v <= 2 || v >= 253;

/** Noise of the whole page from a sparse sample, used to set the edge gate. */
function roughSigma(g: Grey): number {
  const { data, width: w, height: h } = g;
  // A histogram median: sorting hundreds of thousands of samples would cost more than the scan.
  const hist = new Int32Array(HIST);
  let total = 0;
  for (let y = 2; y < h - 2; y += 7) {
    for (let x = 2; x < w - 2; x += 3) {
      const i = y * w + x;
      if (Math.abs(data[i + 1] - data[i - 1]) + Math.abs(data[i + w] - data[i - w]) > 30) continue;
      hist[Math.min(HIST - 1, Math.abs(residual(data, w, i)))]++;
      total++;
    }
  }
  return total ? histMedian(hist, 0, total) * MEDIAN_TO_SIGMA : 0;
}

export function analyseNoise(g: Grey, opts: { rowStep: number }): NoiseResult {
  const threshold = { ratio: 2.5, minZ: 4, minTiles: 3, minPageSigma: MIN_PAGE_SIGMA };
  const { data, width: w, height: h } = g;
  const grid: CellGrid = { cols: Math.floor(w / TILE), rows: Math.floor(h / TILE), cell: TILE };
  const n = grid.cols * grid.rows;
  // Per tile, a histogram of |r| (capped): its median ignores the few stroke pixels the gate lets through.
  const hist = new Int32Array(n * HIST);
  const count = new Int32Array(n);
  const brightness = new Float64Array(n);
  const sampled = new Int32Array(n);
  // An edge gate proportional to the page noise: a fixed gate would cut off the noise itself on noisy pages.
  const gate = Math.max(10, 5 * roughSigma(g));
  const bottom = Math.min(grid.rows * TILE, h - 2);
  const right = Math.min(grid.cols * TILE, w - 2);
  for (let y = 2; y < bottom; y += opts.rowStep) {
    const tileRow = Math.floor(y / TILE) * grid.cols;
    const row = y * w;
    // The gradient (|dx| + |dy|) at the pixel left of x, at x and right of it, carried along the
    // row: each is worked out once instead of once for each of three pixels it gates.
    let left = gradientAt(data, w, row + 1);
    let here = gradientAt(data, w, row + 2);
    for (let c = 0; c * TILE < right; c++) {
      const t = tileRow + c;
      const x0 = Math.max(2, c * TILE);
      const x1 = Math.min(right, (c + 1) * TILE);
      sampled[t] += x1 - x0;
      const bins = t * HIST;
      let sum = 0;
      let counted = 0;
      for (let x = x0; x < x1; x++) {
        const i = row + x;
        const right1 = gradientAt(data, w, i + 1);
        const l = left;
        const g0 = here;
        left = here;
        here = right1;
        const v = data[i];
        if (v <= 2 || v >= 253) continue;
        // Gate on the gradient here and one pixel either way, so the soft rims of strokes stay out too.
        if (
          g0 > gate ||
          right1 > gate ||
          l > gate ||
          gradientAt(data, w, i + w) > gate ||
          gradientAt(data, w, i - w) > gate
        ) {
          continue;
        }
        if (clipped(data[i - w]) || clipped(data[i + w]) || clipped(data[i - 1]) || clipped(data[i + 1])) continue;
        hist[bins + Math.min(HIST - 1, Math.abs(residual(data, w, i)))]++;
        sum += v;
        counted++;
      }
      // Whole grey levels: summed per tile span, the total is the same as added pixel by pixel.
      brightness[t] += sum;
      count[t] += counted;
    }
  }

  const valid: number[] = [];
  for (let t = 0; t < n; t++) if (count[t] >= 0.3 * sampled[t] && count[t] >= 40) valid.push(t);
  if (valid.length < 30) return { pageSigma: null, tilesAnalysed: valid.length, threshold, regions: [] };
  const sigma = Float64Array.from(valid, (t) => histMedian(hist, t, count[t]) * MEDIAN_TO_SIGMA);
  const logSigma = Float64Array.from(sigma, (s) => Math.log(s + 0.05));
  const classes = quantileClasses(
    Float64Array.from(valid, (t) => brightness[t] / count[t]),
    60,
    6,
  );
  const baselines = classBaselines(logSigma, classes);
  const pageSigma = median(sigma);

  const clean = new Uint8Array(n);
  const noisy = new Uint8Array(n);
  const info = new Map<number, { sigma: number; base: number; z: number }>();
  valid.forEach((t, i) => {
    const b = baselines[classes[i]];
    const base = Math.exp(b.centre) - 0.05;
    const z = (logSigma[i] - b.centre) / Math.max(b.spread, 0.15);
    info.set(t, { sigma: sigma[i], base, z });
    if (base >= MIN_PAGE_SIGMA && sigma[i] * threshold.ratio <= base && -z >= threshold.minZ) clean[t] = 1;
    // Too noisy needs a wider margin: fine print and texture can pass for noise.
    if (
      base >= MIN_PAGE_SIGMA &&
      sigma[i] >= 1.2 * threshold.ratio * base &&
      sigma[i] - base >= 1.5 &&
      z >= threshold.minZ + 1
    ) {
      noisy[t] = 1;
    }
  });

  const regions: NoiseRegion[] = [];
  for (const [kind, flags] of [
    ["too_clean", clean],
    ["too_noisy", noisy],
  ] as const) {
    for (const group of groupCells(grid, flags, threshold.minTiles)) {
      const members = group.cells.map((c) => info.get(c)!);
      regions.push({
        x0: group.c0 * TILE,
        y0: group.r0 * TILE,
        x1: group.c1 * TILE,
        y1: group.r1 * TILE,
        tiles: group.cells.length,
        kind,
        sigma: round(median(members.map((m) => m.sigma)), 2),
        baseline: round(median(members.map((m) => m.base)), 2),
        zScore: round(median(members.map((m) => m.z)), 2),
      });
    }
  }
  return { pageSigma: round(pageSigma, 2), tilesAnalysed: valid.length, threshold, regions };
}
