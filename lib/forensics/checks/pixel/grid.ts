// JPEG block-grid alignment.
//
// Why it works: JPEG quantises each 8×8 block independently, leaving faint steps at block borders
// (every 8th column and row, anchored at the image's top-left). We measure, per 64×64 tile and per
// phase 0..7, how much larger the step between two pixels is than the steps beside it, in smooth
// areas only (a text edge is a step at a random phase and would drown the signal). The page's
// dominant phase is its grid. A region cut from another JPEG and pasted at an offset that is not a
// multiple of 8 keeps its old block borders at another phase.
//
// Where it fails: high-quality saves leave borders too faint to measure (only pages with a clear
// grid are judged); a final save at low quality overwrites the old grid; a paste aligned to the
// page's grid in either direction, or off it by a single pixel (bars, rules and stroke edges can
// fake a grid along one axis or a neighbouring phase, so those are not reported); tiles of blank paper or dense text give no reading. A page without a grid
// may legitimately hold JPEG images (an ID photo in a rendered card), so a grid found only in
// one region of such a page is not treated as a sign.
import type { Grey } from "./raster";
import { groupCells, type CellGrid } from "./regions";
import { round } from "./stats";
import type { PixelBox } from "../../region";

const TILE = 64;
/** Pixel steps larger than this are edges of content, not block borders. */
const SMOOTH = 10;

export interface GridRegion extends PixelBox {
  tiles: number;
  /** Phase of the region's block borders (column, row), 7 meaning aligned to the image origin. */
  phase: [number, number];
  strength: number;
}

export interface GridResult {
  pagePhase: [number, number] | null;
  pageStrength: number;
  tilesAnalysed: number;
  threshold: {
    tileStrength: number;
    pageStrength: number;
    dominance: number;
    minPhaseDistance: number;
    minTiles: number;
  };
  regions: GridRegion[];
}

/** Per tile and phase, the median over the tile's periods (robust to a single edge). */
function medianOverPeriods(perPeriod: Float64Array, tiles: number, periods: number): Float64Array {
  const out = new Float64Array(tiles * 8);
  const values = new Float64Array(periods);
  for (let t = 0; t < tiles; t++) {
    for (let k = 0; k < 8; k++) {
      for (let p = 0; p < periods; p++) values[p] = perPeriod[(t * periods + p) * 8 + k];
      values.sort();
      out[t * 8 + k] = (values[(periods - 1) >> 1] + values[periods >> 1]) / 2;
    }
  }
  return out;
}

/** Distance between two phases on the 8-cycle: a neighbouring phase is what a stroke edge can fake. */
const phaseDistance = (a: number, b: number) => Math.min((a - b + 8) % 8, (b - a + 8) % 8);

/** How far the step at `phase` stands above the mean of the other seven phases. */
function ratioAt(p: Float64Array, phase: number): number {
  let others = 0;
  for (let k = 0; k < 8; k++) if (k !== phase) others += p[k];
  others /= 7;
  return others > 0 ? p[phase] / others : 1;
}

/** Strength of the strongest phase: its excess over the mean of the other seven, relative to that mean. */
function peak(p: Float64Array): { phase: number; strength: number } {
  let phase = 0;
  for (let k = 1; k < 8; k++) if (p[k] > p[phase]) phase = k;
  let others = 0;
  for (let k = 0; k < 8; k++) if (k !== phase) others += p[k];
  others /= 7;
  return { phase, strength: others > 0 ? p[phase] / others : p[phase] > 0 ? 10 : 1 };
}

export function analyseGrid(g: Grey, opts: { step: number }): GridResult {
  const threshold = { tileStrength: 1.8, pageStrength: 1.5, dominance: 1.2, minPhaseDistance: 2, minTiles: 2 };
  const { data, width: w, height: h } = g;
  const grid: CellGrid = { cols: Math.floor(w / TILE), rows: Math.floor(h / TILE), cell: TILE };
  const nt = grid.cols * grid.rows;
  // Per tile, per 8-pixel period and phase, summed excess step (h: between columns, v: between
  // rows), and sample counts. Periods are kept apart so that one straight content edge (the rim
  // of a shaded band) cannot pass for a grid: block borders recur in every period.
  const P = TILE / 8;
  const hp = new Float64Array(nt * P * 8);
  const vp = new Float64Array(nt * P * 8);
  const hn = new Int32Array(nt);
  const vn = new Int32Array(nt);
  const right = Math.min(grid.cols * TILE, w - 2);
  const bottom = Math.min(grid.rows * TILE, h - 2);
  // A tile's bins are laid out period by period, phase by phase: position x % TILE within the tile.
  // Each step between neighbours is taken once and carried to the two comparisons it also takes
  // part in, and a tile's samples are counted in a local.
  // Horizontal borders: the step between columns x and x+1 against the steps either side of it.
  for (let y = 0; y < grid.rows * TILE; y += opts.step) {
    const row = y * w;
    const tileRow = ((y / TILE) | 0) * grid.cols;
    let before = Math.abs(data[row + 1] - data[row]);
    let here = Math.abs(data[row + 2] - data[row + 1]);
    for (let col = 0; col * TILE < right; col++) {
      const t = tileRow + col;
      const bins = t * TILE - col * TILE;
      let samples = 0;
      for (let x = Math.max(1, col * TILE), end = Math.min(right, (col + 1) * TILE); x < end; x++) {
        const after = Math.abs(data[row + x + 2] - data[row + x + 1]);
        const a = here;
        const b = before;
        before = here;
        here = after;
        if (a > SMOOTH || b > SMOOTH || after > SMOOTH) continue;
        const excess = a - (b + after) / 2;
        if (excess > 0) hp[bins + x] += excess;
        samples++;
      }
      hn[t] += samples;
    }
  }
  // Vertical borders: the step between rows y and y+1 against the steps above and below it, the
  // steps of the sampled columns kept for three rows.
  const columns = Math.ceil((grid.cols * TILE) / opts.step);
  let above = new Int16Array(columns);
  let level = new Int16Array(columns);
  let below = new Int16Array(columns);
  const stepsBelow = (y: number, out: Int16Array) => {
    for (let k = 0, i = y * w; k < columns; k++, i += opts.step) out[k] = Math.abs(data[i + w] - data[i]);
  };
  if (bottom > 1) {
    stepsBelow(0, above);
    stepsBelow(1, level);
  }
  for (let y = 1; y < bottom; y++) {
    stepsBelow(y + 1, below);
    const tileRow = ((y / TILE) | 0) * grid.cols;
    const phase = y % TILE;
    for (let col = 0; col < grid.cols; col++) {
      const t = tileRow + col;
      let samples = 0;
      // Every sample of this row and tile falls in one bin. Excesses are whole or half grey
      // levels, so their sum is exact in any order: added up here, the bin gets the same total.
      let sum = 0;
      for (
        let k = Math.ceil((col * TILE) / opts.step), end = Math.min(columns, Math.ceil(((col + 1) * TILE) / opts.step));
        k < end;
        k++
      ) {
        const a = level[k];
        const b = above[k];
        const c = below[k];
        if (a > SMOOTH || b > SMOOTH || c > SMOOTH) continue;
        const excess = a - (b + c) / 2;
        if (excess > 0) sum += excess;
        samples++;
      }
      vp[t * TILE + phase] += sum;
      vn[t] += samples;
    }
    const spare = above;
    above = level;
    level = below;
    below = spare;
  }

  const hs = medianOverPeriods(hp, nt, P);
  const vs = medianOverPeriods(vp, nt, P);
  const pageH = new Float64Array(8);
  const pageV = new Float64Array(8);
  for (let t = 0; t < nt; t++) {
    for (let k = 0; k < 8; k++) {
      pageH[k] += hs[t * 8 + k];
      pageV[k] += vs[t * 8 + k];
    }
  }
  const ph = peak(pageH);
  const pv = peak(pageV);
  const pageStrength = Math.min(ph.strength, pv.strength);
  const hasGrid = pageStrength >= threshold.pageStrength;

  const minSamples = (TILE * TILE * 0.3) / opts.step;
  const flagged = new Uint8Array(nt);
  const readings = new Map<number, { phase: [number, number]; strength: number }>();
  let analysed = 0;
  for (let i = 0; i < nt; i++) {
    if (hn[i] < minSamples || vn[i] < minSamples) continue;
    analysed++;
    const th = peak(hs.subarray(i * 8, i * 8 + 8));
    const tv = peak(vs.subarray(i * 8, i * 8 + 8));
    const strength = Math.min(th.strength, tv.strength);
    if (strength < threshold.tileStrength) continue;
    // Every genuine tile carries the final save's borders at the page phase; in a pasted tile its
    // own borders elsewhere dominate them. Requiring that dominance keeps a line of text whose
    // strokes happen to favour another phase from passing for a foreign grid.
    const hOff =
      phaseDistance(th.phase, ph.phase) >= threshold.minPhaseDistance &&
      th.strength >= threshold.dominance * ratioAt(hs.subarray(i * 8, i * 8 + 8), ph.phase);
    const vOff =
      phaseDistance(tv.phase, pv.phase) >= threshold.minPhaseDistance &&
      tv.strength >= threshold.dominance * ratioAt(vs.subarray(i * 8, i * 8 + 8), pv.phase);
    // Both directions: a row of barcode bars or ruled lines repeats along one axis only and can
    // mimic block borders there, while a pasted JPEG brings its grid in both.
    const misaligned = hasGrid && hOff && vOff;
    if (misaligned) {
      flagged[i] = 1;
      readings.set(i, { phase: [th.phase, tv.phase], strength });
    }
  }

  const regions = groupCells(grid, flagged, threshold.minTiles).map((group) => {
    const members = group.cells.map((c) => readings.get(c)!);
    // Report the phase most of the region's tiles agree on.
    const votes = new Map<string, number>();
    for (const m of members) votes.set(m.phase.join(","), (votes.get(m.phase.join(",")) ?? 0) + 1);
    const phase = [...votes.entries()]
      .sort((a, b) => b[1] - a[1])[0][0]
      .split(",")
      .map(Number) as [number, number];
    return {
      x0: group.c0 * TILE,
      y0: group.r0 * TILE,
      x1: group.c1 * TILE,
      y1: group.r1 * TILE,
      tiles: group.cells.length,
      phase,
      strength: round(members.reduce((s, m) => s + m.strength, 0) / members.length, 2),
    };
  });
  return {
    pagePhase: hasGrid ? [ph.phase, pv.phase] : null,
    pageStrength: round(pageStrength, 2),
    tilesAnalysed: analysed,
    threshold,
    regions,
  };
}
