// JPEG quantisation lattices: how closely an 8×8 block's DCT coefficients sit on the multiples of
// a table's steps (see ghost.ts for why that reveals a region's compression history).
import type { Grey } from "./raster";
import { dct8x8, ijgTable } from "./jpeg-tables";

export const CANDIDATE_QUALITIES = [30, 35, 40, 45, 50, 55, 60, 65, 70, 75, 80, 85, 90, 95];
/** A page "has a primary lattice" when its typical block sits this close to one. */
export const PAGE_LATTICE_MAX = 0.35;
/** Cells of 2×2 JPEG blocks are the unit of the ghost maps. */
export const CELL = 16;

export type Table = { quality: number; table: Float64Array };

export interface BlockFit {
  err: number;
  ref: number;
  informative: number;
  /** Informative coefficients off the first row and column: structure in both directions. */
  structured: number;
}

export const emptyFit = (): BlockFit => ({ err: 0, ref: 0, informative: 0, structured: 0 });

/**
 * The coefficients of a block that any of the tables can find informative (at least ¾ of the
 * finest step at that frequency): a text block has a dozen of 64, so each table's fit visits
 * only those.
 */
export interface Support {
  idx: Int32Array;
  count: number;
}

export const emptySupport = (): Support => ({ idx: new Int32Array(64), count: 0 });

/** Element-wise finest step of `tables`. */
export function finestSteps(tables: Float64Array[]): Float64Array {
  const out = new Float64Array(64).fill(Infinity);
  for (const t of tables) for (let k = 0; k < 64; k++) out[k] = Math.min(out[k], t[k]);
  return out;
}

export function supportOf(coef: Float64Array, finest: Float64Array, out: Support): void {
  let n = 0;
  for (let k = 0; k < 64; k++) if (Math.abs(coef[k]) >= 0.75 * finest[k]) out.idx[n++] = k;
  out.count = n;
}

/** Lattice fit of one DCT block against `table`: only coefficients at least ¾ of a step are informative. */
export function fit(coef: Float64Array, table: Float64Array, support: Support, out: BlockFit): void {
  let err = 0;
  let ref = 0;
  let informative = 0;
  let structured = 0;
  for (let i = 0; i < support.count; i++) {
    const k = support.idx[i];
    const q = table[k];
    const c = coef[k];
    if (Math.abs(c) < 0.75 * q) continue;
    const d = c - q * Math.round(c / q);
    err += d * d;
    ref += (q * q) / 12;
    informative++;
    if (k >= 8 && (k & 7) !== 0) structured++;
  }
  out.err = err;
  out.ref = ref;
  out.informative = informative;
  out.structured = structured;
}

/** fit() of one block against each of several tables, per table in the arrays of a TableFits. */
export interface TableFits {
  err: Float64Array;
  ref: Float64Array;
  informative: Int32Array;
  structured: Int32Array;
  /** Whether every table's step is at most the one before's at every frequency (see fitEach). */
  nested: boolean;
  steps: Float64Array[];
}

export function tableFits(tables: Float64Array[]): TableFits {
  const nested = tables.every((t, i) => i === 0 || t.every((q, k) => q <= (tables[i - 1] as Float64Array)[k]));
  const n = tables.length;
  return {
    err: new Float64Array(n),
    ref: new Float64Array(n),
    informative: new Int32Array(n),
    structured: new Int32Array(n),
    nested,
    steps: tables,
  };
}

/**
 * What fit() gives for each table, in one pass over the block's support: each table's sums add the
 * same terms in the same order. Candidate tables run from coarse to fine (steps never grow along
 * the list, `nested`), so a coefficient too small for one table is too small for every coarser
 * one: tried from the finest table down, the first miss ends the coefficient. A noisy scan's
 * support is mostly coefficients just past the finest step, which only the finest tables read.
 */
export function fitEach(coef: Float64Array, support: Support, out: TableFits): void {
  const { err, ref, informative, structured, nested, steps } = out;
  const n = steps.length;
  err.fill(0);
  ref.fill(0);
  informative.fill(0);
  structured.fill(0);
  for (let i = 0; i < support.count; i++) {
    const k = support.idx[i] as number;
    const c = coef[k] as number;
    const magnitude = Math.abs(c);
    const both = k >= 8 && (k & 7) !== 0 ? 1 : 0;
    for (let t = n - 1; t >= 0; t--) {
      const q = (steps[t] as Float64Array)[k] as number;
      if (magnitude < 0.75 * q) {
        if (nested) break;
        continue;
      }
      const d = c - q * Math.round(c / q);
      err[t] += d * d;
      ref[t] += (q * q) / 12;
      informative[t]++;
      structured[t] += both;
    }
  }
}

/**
 * Mean, AC energy (Parseval: 64 × variance) and clipped pixels of the 8×8 block at (x0, y0).
 * Clipping at 0/255 moves coefficients off any lattice, so clipped blocks form their own class.
 */
export function blockStats(
  g: Grey,
  x0: number,
  y0: number,
  out: { mean: number; acEnergy: number; clipped: number },
): void {
  let sum = 0;
  let sq = 0;
  let clipped = 0;
  for (let y = 0; y < 8; y++) {
    const row = (y0 + y) * g.width + x0;
    for (let x = 0; x < 8; x++) {
      const v = g.data[row + x];
      sum += v;
      sq += v * v;
      if (v <= 1 || v >= 254) clipped++;
    }
  }
  out.mean = sum / 64;
  out.acEnergy = Math.max(0, sq - (sum * sum) / 64);
  out.clipped = clipped;
}

/**
 * The block's DCT into `coef`, or only its DC term when no AC coefficient can reach ¾ of the
 * finest step (Parseval bounds every AC term by the block's AC energy): flat paper costs 64 adds.
 */
export function transform(
  g: Grey,
  x0: number,
  y0: number,
  acEnergy: number,
  minStep: number,
  coef: Float64Array,
  mean: number,
): void {
  if (acEnergy < (0.75 * minStep) ** 2) {
    coef.fill(0);
    coef[0] = 8 * (mean - 128);
    return;
  }
  dct8x8(g.data, g.width, x0, y0, coef);
}

export const minAcStep = (t: Float64Array): number => {
  let m = Infinity;
  for (let k = 1; k < 64; k++) m = Math.min(m, t[k]);
  return m;
};

export function candidateTables(fileTable: Float64Array | null): Array<{ quality: number; table: Float64Array }> {
  const lowFreq = (t: Float64Array) => t[0] + t[1] + t[8] + t[9] + t[2] + t[16];
  return CANDIDATE_QUALITIES.map((quality) => ({
    quality,
    table: ijgTable(quality),
  })).filter(
    // Only lattices clearly coarser than the final save can survive it.
    ({ table }) => !fileTable || lowFreq(table) >= 1.25 * lowFreq(fileTable),
  );
}
