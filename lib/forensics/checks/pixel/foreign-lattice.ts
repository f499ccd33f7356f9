// The JPEG ghost's other direction: a region that fits a coarse JPEG lattice the rest of the page
// does not. A forger who edits a field in a copy of the image saved at a lower quality (or takes
// the field from another JPEG) and pastes it back aligned to the grid, then saves the whole image
// at a high quality, leaves a patch that still sits on the low quality's lattice while the page
// around it never went through that quality. Only run when the page shows no earlier save of its
// own (ghost.ts covers the other case).
//
// Where it fails: a patch pasted off the 8×8 grid (its lattice is invisible; the grid analysis
// sees its borders instead); a final save coarser than the patch's. Chance fits are kept out by
// requiring several informative coefficients with two-dimensional structure per cell (a ruled
// line can sit on a lattice by accident; text strokes cannot, cell after cell).
import { groupCells, type CellGrid } from "./regions";
import { blockStats, CELL, fit, minAcStep, transform, type BlockFit, type Table } from "./lattice";
import type { Grey } from "./raster";
import { median, round } from "./stats";

/** The page must clearly not fit the lattice, and the region clearly must. */
const PAGE_MIN_RATIO = 0.6;
const CELL_MAX_RATIO = 0.12;
const MIN_INFORMATIVE = 8;

export interface ForeignLatticeRegion {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  cells: number;
  quality: number;
  latticeRatio: number;
  pageRatio: number;
}

/** Informative coefficients off the first row and column: the block has structure in both directions. */
function twoDimensional(coef: Float64Array, table: Float64Array): number {
  let n = 0;
  for (let v = 1; v < 8; v++) for (let u = 1; u < 8; u++) if (Math.abs(coef[v * 8 + u]) >= 0.75 * table[v * 8 + u]) n++;
  return n;
}

export function findForeignLattices(
  g: Grey,
  tables: Table[],
  opts: { everyCell: boolean; minCells: number },
): ForeignLatticeRegion[] {
  if (!tables.length) return [];
  const grid: CellGrid = { cols: Math.floor(g.width / CELL), rows: Math.floor(g.height / CELL), cell: CELL };
  const n = grid.cols * grid.rows;
  const t = tables.length;
  const err = new Float64Array(n * t);
  const ref = new Float64Array(n * t);
  const informative = new Int32Array(n * t);
  const structured = new Int32Array(n * t);
  const coef = new Float64Array(64);
  const f: BlockFit = { err: 0, ref: 0, informative: 0 };
  const st = { mean: 0, acEnergy: 0, clipped: 0 };
  const finest = Math.min(...tables.map(({ table }) => minAcStep(table)));
  for (let cell = 0; cell < n; cell++) {
    const col = cell % grid.cols;
    const row = Math.floor(cell / grid.cols);
    if (!opts.everyCell && (col + row) % 2) continue;
    for (let sub = 0; sub < 4; sub++) {
      const bx = col * CELL + (sub & 1) * 8;
      const by = row * CELL + (sub >> 1) * 8;
      blockStats(g, bx, by, st);
      if (st.clipped > 0 || st.acEnergy < (0.75 * finest) ** 2) continue;
      transform(g, bx, by, st.acEnergy, finest, coef, st.mean);
      for (let k = 0; k < t; k++) {
        fit(coef, tables[k].table, f);
        err[cell * t + k] += f.err;
        ref[cell * t + k] += f.ref;
        informative[cell * t + k] += f.informative;
        structured[cell * t + k] += twoDimensional(coef, tables[k].table);
      }
    }
  }

  const found: ForeignLatticeRegion[] = [];
  for (let k = 0; k < t; k++) {
    const ratios: number[] = [];
    for (let cell = 0; cell < n; cell++) {
      if (informative[cell * t + k] >= MIN_INFORMATIVE) ratios.push(err[cell * t + k] / ref[cell * t + k]);
    }
    if (ratios.length < 40) continue;
    const pageRatio = median(ratios);
    if (pageRatio < PAGE_MIN_RATIO) continue;
    const flagged = new Uint8Array(n);
    for (let cell = 0; cell < n; cell++) {
      const i = cell * t + k;
      if (informative[i] >= MIN_INFORMATIVE && structured[i] >= 2 && err[i] / ref[i] <= CELL_MAX_RATIO)
        flagged[cell] = 1;
    }
    for (const group of groupCells(grid, flagged, opts.minCells)) {
      let e = 0;
      let r = 0;
      for (const c of group.cells) {
        e += err[c * t + k];
        r += ref[c * t + k];
      }
      found.push({
        x0: group.c0 * CELL,
        y0: group.r0 * CELL,
        x1: group.c1 * CELL,
        y1: group.r1 * CELL,
        cells: group.cells.length,
        quality: tables[k].quality,
        latticeRatio: round(e / r),
        pageRatio: round(pageRatio),
      });
    }
  }
  // A patch fits neighbouring qualities too; keep the best-supported reading of each area.
  found.sort((a, b) => b.cells - a.cells || a.latticeRatio - b.latticeRatio);
  const kept: ForeignLatticeRegion[] = [];
  for (const r of found) {
    if (!kept.some((k) => r.x0 < k.x1 && k.x0 < r.x1 && r.y0 < k.y1 && k.y0 < r.y1)) kept.push(r);
  }
  return kept;
}
