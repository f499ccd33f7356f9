// JPEG ghost, calibrated against content.
//
// Why it works: JPEG rounds every 8×8 DCT coefficient to a multiple of its quantisation step.
// A page photographed or scanned to JPEG at quality q1 and later re-saved at a finer quality keeps
// its coefficients close to multiples of q1's steps (a "lattice"). A region pasted in afterwards
// (typed text, a patch from another image, a patch shifted off the 8×8 grid) never went through
// q1 on this grid, so its coefficients sit anywhere in their cells. For each block we measure the
// lattice ratio R = Σ(c − Q·round(c/Q))² / Σ Q²/12 over its informative coefficients: ≈0 on the
// lattice, ≈1 for a coefficient uniform in its cell whatever the content, which is what makes the
// statistic far less sensitive to text edges than plain error-level analysis (whose error simply
// grows with edge energy). What content dependence remains (clipped paper, how many coefficients
// are informative) is removed by comparing each 16×16 cell only with cells of similar edge energy
// and clipping on the same page, and flagging cells that are outliers for their class.
//
// Where it fails: a page compressed only once (nothing to compare against: the final save puts
// every region, pasted or not, on the same lattice), a final save coarser than the first (the old
// lattice is erased), an edit that re-saves the whole page through a filter (uniformly erased),
// and a patch cut from the same JPEG at a multiple of 8 pixels (it carries the right lattice;
// copy-move catches that case).
import { findForeignLattices, type ForeignLatticeRegion } from "./foreign-lattice";
import type { Grey } from "./raster";
import { dct8x8, estimateQuality } from "./jpeg-tables";
import {
  blockStats,
  candidateTables,
  CELL,
  emptyFit,
  emptySupport,
  finestSteps,
  fit,
  fitEach,
  minAcStep,
  PAGE_LATTICE_MAX,
  supportOf,
  tableFits,
  transform,
} from "./lattice";
import { groupCells, type CellGrid } from "./regions";
import { classBaselines, median, quantileClasses, round } from "./stats";
import type { PixelBox } from "../../region";

export interface GhostRegion extends PixelBox {
  cells: number;
  latticeRatio: number;
  classBaseline: number;
  zScore: number;
  /** Quality whose lattice fits the region best, when any fits (the region's own ghost). */
  regionBestQuality: number | null;
  regionBestRatio: number;
}

export interface GhostResult {
  /** Regions on a coarse lattice the page does not show (only sought when there is no primary). */
  foreign: ForeignLatticeRegion[];
  fileQuality: number | null;
  /** Earlier compression the page as a whole still shows, or null when none is visible. */
  primaryQuality: number | null;
  pageLatticeRatio: number | null;
  cellsAnalysed: number;
  threshold: { minRatio: number; minZ: number; minCells: number };
  regions: GhostRegion[];
}

/** The earlier quality the page as a whole still fits, from a sample of its blocks. */
function findPrimary(g: Grey, tables: Array<{ quality: number; table: Float64Array }>, sampleStep: number) {
  const coef = new Float64Array(64);
  const fits = tableFits(tables.map(({ table }) => table));
  const support = emptySupport();
  const steps = finestSteps(tables.map(({ table }) => table));
  const ratios: number[][] = tables.map(() => []);
  const bw = Math.floor(g.width / 8);
  const bh = Math.floor(g.height / 8);
  const st = { mean: 0, acEnergy: 0, clipped: 0 };
  const finest = Math.min(...tables.map(({ table }) => minAcStep(table)));
  for (let b = 0; b < bw * bh; b += sampleStep) {
    const bx = (b % bw) * 8;
    const by = Math.floor(b / bw) * 8;
    blockStats(g, bx, by, st);
    if (st.clipped > 0) continue;
    transform(g, bx, by, st.acEnergy, finest, coef, st.mean);
    supportOf(coef, steps, support);
    if (support.count < 3) continue;
    fitEach(coef, support, fits);
    for (let t = 0; t < tables.length; t++) {
      if (fits.informative[t] >= 3) ratios[t].push(fits.err[t] / fits.ref[t]);
    }
  }
  let best: { quality: number; table: Float64Array; ratio: number } | null = null;
  tables.forEach(({ quality, table }, t) => {
    if (ratios[t].length < 40) return;
    const ratio = median(ratios[t]);
    if (!best || ratio < best.ratio) best = { quality, table, ratio };
  });
  return best as { quality: number; table: Float64Array; ratio: number } | null;
}

/** Mean grey level below which a cell is dark content rather than paper. */
const DARK = 110;

/**
 * `everyCell: false` analyses a checkerboard of cells (half the work): a tampered region of four
 * or more cells still shows as diagonal neighbours, which group together.
 */
export function analyseGhost(
  g: Grey,
  fileTable: Float64Array | null,
  opts: { sampleStep: number; everyCell: boolean },
): GhostResult {
  const fileQuality = fileTable ? estimateQuality(fileTable) : null;
  const threshold = { minRatio: 0.55, minZ: 4, minCells: opts.everyCell ? 4 : 3 };
  const tables = candidateTables(fileTable);
  const primary = tables.length ? findPrimary(g, tables, opts.sampleStep) : null;
  const empty = { fileQuality, cellsAnalysed: 0, threshold, regions: [], foreign: [] };
  if (!primary || primary.ratio > PAGE_LATTICE_MAX) {
    return {
      ...empty,
      foreign: findForeignLattices(g, tables, { everyCell: opts.everyCell, minCells: threshold.minCells + 2 }),
      primaryQuality: null,
      pageLatticeRatio: primary ? round(primary.ratio) : null,
    };
  }

  // Lattice ratio of every 16×16 cell at the primary quality, with its edge energy and clipping.
  const grid: CellGrid = {
    cols: Math.floor(g.width / CELL),
    rows: Math.floor(g.height / CELL),
    cell: CELL,
  };
  const n = grid.cols * grid.rows;
  const err = new Float64Array(n);
  const ref = new Float64Array(n);
  const informative = new Int32Array(n);
  const energy = new Float64Array(n);
  const clipped = new Uint8Array(n);
  const brightness = new Float64Array(n);
  const coef = new Float64Array(64);
  const f = emptyFit();
  const support = emptySupport();
  const st = { mean: 0, acEnergy: 0, clipped: 0 };
  const minStep = minAcStep(primary.table);
  for (let cell = 0; cell < n; cell++) {
    const col = cell % grid.cols;
    const row = Math.floor(cell / grid.cols);
    if (!opts.everyCell && (col + row) % 2) continue;
    const cx = col * CELL;
    const cy = row * CELL;
    for (let sub = 0; sub < 4; sub++) {
      const bx = cx + (sub & 1) * 8;
      const by = cy + (sub >> 1) * 8;
      blockStats(g, bx, by, st);
      if (st.clipped > 0) clipped[cell] = 1;
      energy[cell] += st.acEnergy;
      brightness[cell] += st.mean / 4;
      transform(g, bx, by, st.acEnergy, minStep, coef, st.mean);
      supportOf(coef, primary.table, support);
      fit(coef, primary.table, support, f);
      err[cell] += f.err;
      ref[cell] += f.ref;
      informative[cell] += f.informative;
    }
  }

  const valid: number[] = [];
  for (let cell = 0; cell < n; cell++) if (informative[cell] >= 4) valid.push(cell);
  const ratio = Float64Array.from(valid, (c) => err[c] / ref[c]);
  // Classes: clipped and unclipped cells apart, dark ones (the surface a photographed page lies
  // on, a photo or a dark band of the document) apart from paper, whose colour conversion and
  // rounding keep the old lattice differently, each split by edge energy (text density).
  const classes = new Int32Array(valid.length);
  const kind = (c: number) => clipped[c] * 2 + (brightness[c] < DARK ? 1 : 0);
  let offset = 0;
  for (const wanted of [0, 1, 2, 3]) {
    const members = valid.map((c, i) => i).filter((i) => kind(valid[i]) === wanted);
    if (!members.length) continue;
    const keys = Float64Array.from(members, (i) => Math.log1p(energy[valid[i]]));
    const local = quantileClasses(keys, 150, 8);
    members.forEach((i, m) => (classes[i] = offset + local[m]));
    offset += local.reduce((m, c) => Math.max(m, c + 1), 0);
  }
  const baselines = classBaselines(ratio, classes);

  const flagged = new Uint8Array(n);
  const z = new Float64Array(n);
  valid.forEach((cell, i) => {
    const base = baselines[classes[i]];
    z[cell] = (ratio[i] - base.centre) / Math.max(base.spread, 0.08);
    if (ratio[i] >= threshold.minRatio && ratio[i] >= base.centre + 0.3 && z[cell] >= threshold.minZ) flagged[cell] = 1;
  });
  const ratioOf = new Float64Array(n);
  const baseOf = new Float64Array(n);
  valid.forEach((cell, i) => {
    ratioOf[cell] = ratio[i];
    baseOf[cell] = baselines[classes[i]].centre;
  });

  const regions = groupCells(grid, flagged, threshold.minCells).map((group) => {
    let e = 0;
    let r = 0;
    for (const c of group.cells) {
      e += err[c];
      r += ref[c];
    }
    const own = regionGhost(g, group, grid, tables);
    return {
      x0: group.c0 * CELL,
      y0: group.r0 * CELL,
      x1: group.c1 * CELL,
      y1: group.r1 * CELL,
      cells: group.cells.length,
      latticeRatio: round(e / r),
      classBaseline: round(median(group.cells.map((c) => baseOf[c]))),
      zScore: round(median(group.cells.map((c) => z[c])), 2),
      regionBestQuality: own.ratio <= PAGE_LATTICE_MAX ? own.quality : null,
      regionBestRatio: round(own.ratio),
    };
  });
  return {
    foreign: [],
    fileQuality,
    primaryQuality: primary.quality,
    pageLatticeRatio: round(primary.ratio),
    cellsAnalysed: valid.length,
    threshold,
    regions,
  };
}

/** The quality whose lattice the flagged cells fit best: a pasted JPEG shows its own ghost there. */
function regionGhost(
  g: Grey,
  group: { cells: number[] },
  grid: CellGrid,
  candidates: Array<{ quality: number; table: Float64Array }>,
): { quality: number; ratio: number } {
  const coef = new Float64Array(64);
  const support = emptySupport();
  const steps = finestSteps(candidates.map(({ table }) => table));
  const fits = tableFits(candidates.map(({ table }) => table));
  const err = new Float64Array(candidates.length);
  const ref = new Float64Array(candidates.length);
  for (const cell of group.cells) {
    const cx = (cell % grid.cols) * CELL;
    const cy = Math.floor(cell / grid.cols) * CELL;
    for (let sub = 0; sub < 4; sub++) {
      dct8x8(g.data, g.width, cx + (sub & 1) * 8, cy + (sub >> 1) * 8, coef);
      supportOf(coef, steps, support);
      fitEach(coef, support, fits);
      for (let t = 0; t < candidates.length; t++) {
        err[t] += fits.err[t] as number;
        ref[t] += fits.ref[t] as number;
      }
    }
  }
  let best = { quality: 0, ratio: Infinity };
  candidates.forEach(({ quality }, t) => {
    const r = (ref[t] as number) > 0 ? (err[t] as number) / (ref[t] as number) : Infinity;
    if (r < best.ratio) best = { quality, ratio: r };
  });
  return best;
}
