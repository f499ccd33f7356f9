// The JPEG ghost's other direction: a region that fits a coarse JPEG lattice the rest of the page
// does not. A forger who edits a field in a copy of the image saved at a lower quality (or takes
// the field from another JPEG) and pastes it back aligned to the grid, then saves the whole image
// at a high quality, leaves a patch that still sits on the low quality's lattice while the page
// around it never went through that quality. Only run when the page shows no earlier save of its
// own (ghost.ts covers the other case).
//
// Where it fails: a patch pasted off the 8×8 grid (its lattice is invisible; the grid analysis
// sees its borders instead); a final save coarser than the patch's; white paper, where the
// patch's ringing clipped at 255 and little but clipped blocks remain. Chance fits are kept out
// by requiring several informative coefficients with two-dimensional structure per cell (a ruled
// line can sit on a lattice by accident; text strokes cannot, cell after cell), and a lattice
// most of the page's text fits is the page's own history, not a patch.
import { groupCells, type CellGrid, type CellGroup } from "./regions";
import {
  blockStats,
  CELL,
  emptySupport,
  finestSteps,
  fitEach,
  minAcStep,
  supportOf,
  tableFits,
  transform,
  type Table,
} from "./lattice";
import type { Grey } from "./raster";
import { median, quantileClasses, round } from "./stats";
import type { PixelBox } from "../../region";

/**
 * The page's print must clearly not fit the lattice, and the region clearly must. A patch that went
 * through quality q and was re-saved once at a finer quality keeps its coefficients within the
 * final steps of q's multiples: (final step / q's step)² ≈ 0.05–0.15 of a cell that never went
 * through q (≈ 1). Eight informative coefficients all land that close by chance rarely, and a
 * pasted field does so cell after cell.
 */
const PAGE_MIN_RATIO = 0.6;
export const CELL_MAX_RATIO = 0.2;
const MIN_INFORMATIVE = 8;
/** Share of the page's textured cells above which a fitting lattice is the page's own history. */
const MAX_PAGE_SHARE = 1 / 3;
/**
 * Glyph strokes fit cell by cell with paper between them, so fitting pieces of one field (gaps of
 * up to two line heights along a line, one between lines) are one pasted field.
 */
const MERGE_GAP = 4;
/** Share of the print inside a field's box that must fit its lattice. */
const MIN_FIELD_SHARE = 0.5;

export interface ForeignLatticeRegion extends PixelBox {
  cells: number;
  quality: number;
  latticeRatio: number;
  /** Ratio of the page's print of the same texture on that lattice (≈ 1 where it never went through it). */
  pageRatio: number;
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
  const energy = new Float64Array(n);
  const coef = new Float64Array(64);
  const fits = tableFits(tables.map(({ table }) => table));
  const support = emptySupport();
  const st = { mean: 0, acEnergy: 0, clipped: 0 };
  const finest = Math.min(...tables.map(({ table }) => minAcStep(table)));
  const steps = finestSteps(tables.map(({ table }) => table));
  for (let cell = 0; cell < n; cell++) {
    const col = cell % grid.cols;
    const row = Math.floor(cell / grid.cols);
    if (!opts.everyCell && (col + row) % 2) continue;
    for (let sub = 0; sub < 4; sub++) {
      const bx = col * CELL + (sub & 1) * 8;
      const by = row * CELL + (sub >> 1) * 8;
      blockStats(g, bx, by, st);
      if (st.clipped > 0 || st.acEnergy < (0.75 * finest) ** 2) continue;
      energy[cell] += st.acEnergy;
      transform(g, bx, by, st.acEnergy, finest, coef, st.mean);
      supportOf(coef, steps, support);
      fitEach(coef, support, fits);
      for (let k = 0; k < t; k++) {
        err[cell * t + k] += fits.err[k];
        ref[cell * t + k] += fits.ref[k];
        informative[cell * t + k] += fits.informative[k];
        structured[cell * t + k] += fits.structured[k];
      }
    }
  }

  const found: ForeignLatticeRegion[] = [];
  for (let k = 0; k < t; k++) {
    // Each cell is judged against cells of similar texture (edge energy): paper noise just past ¾
    // of a step sits close to a multiple by construction, so a noisy page's paper looks half on
    // every lattice while its print does not; a field of print on the lattice is compared with print.
    const eligible = (i: number) => informative[i] >= MIN_INFORMATIVE && structured[i] >= 2;
    const cells: number[] = [];
    for (let cell = 0; cell < n; cell++) if (eligible(cell * t + k)) cells.push(cell);
    if (cells.length < 40) continue;
    const ratio = (cell: number) => err[cell * t + k] / ref[cell * t + k];
    // Most tables fit too few cells to make a field: no need to class the page's print for them.
    if (cells.filter((c) => ratio(c) <= CELL_MAX_RATIO).length < opts.minCells) continue;
    const classes = quantileClasses(
      Float64Array.from(cells, (c) => Math.log1p(energy[c])),
      150,
      8,
    );
    // A pasted field can be much of a class's print (the largest line of a diploma is the name),
    // so each class's baseline is taken from the cells that do not fit: the question is whether
    // the rest of the print like it never went through this quality. A class most of which fits
    // has the lattice as its own history.
    const fits = cells.map((c) => ratio(c) <= CELL_MAX_RATIO);
    const classCount = classes.reduce((m, c) => Math.max(m, c + 1), 0);
    const rest: number[][] = Array.from({ length: classCount }, () => []);
    const members = new Int32Array(classCount);
    cells.forEach((c, i) => {
      members[classes[i]]++;
      if (!fits[i]) rest[classes[i]].push(ratio(c));
    });
    const centres = rest.map((r, c) => (r.length >= members[c] / 2 ? median(r) : 0));
    const flagged = new Uint8Array(n);
    const classCentre = new Float64Array(n);
    let fitting = 0;
    cells.forEach((cell, i) => {
      classCentre[cell] = centres[classes[i]];
      if (classCentre[cell] >= PAGE_MIN_RATIO && fits[i]) {
        flagged[cell] = 1;
        fitting++;
      }
    });
    if (fitting > MAX_PAGE_SHARE * cells.length) continue;
    // Single fitting cells count once they line up with others, but only where they are most of
    // the print in their box: a pasted field fits cell after cell, chance fits are scattered
    // among print that does not.
    const isEligible = new Uint8Array(n);
    for (const c of cells) isEligible[c] = 1;
    const dense = (g: CellGroup) => {
      let print = 0;
      for (let r = g.r0; r < g.r1; r++) for (let c = g.c0; c < g.c1; c++) print += isEligible[r * grid.cols + c];
      return g.cells.length >= MIN_FIELD_SHARE * print;
    };
    const pieces = mergeNearby(groupCells(grid, flagged, 1)).filter((g) => g.cells.length >= opts.minCells && dense(g));
    for (const group of pieces) {
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
        pageRatio: round(median(group.cells.map((c) => classCentre[c]))),
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

/** Pieces of one line merged into one group (its box grows to cover both). */
function mergeNearby(groups: CellGroup[]): CellGroup[] {
  const merged = groups.map((g) => ({ ...g, cells: [...g.cells] }));
  const near = (a: CellGroup, b: CellGroup) => {
    const line = Math.max(a.r1 - a.r0, b.r1 - b.r0);
    const gap = Math.max(MERGE_GAP, 2 * line);
    return a.r0 - line < b.r1 && b.r0 - line < a.r1 && a.c0 - gap < b.c1 && b.c0 - gap < a.c1;
  };
  for (let changed = true; changed;) {
    changed = false;
    for (let i = 0; i < merged.length && !changed; i++) {
      for (let j = i + 1; j < merged.length; j++) {
        if (!near(merged[i], merged[j])) continue;
        const [a, b] = [merged[i], merged[j]];
        merged[i] = {
          cells: [...a.cells, ...b.cells],
          c0: Math.min(a.c0, b.c0),
          r0: Math.min(a.r0, b.r0),
          c1: Math.max(a.c1, b.c1),
          r1: Math.max(a.r1, b.r1),
        };
        merged.splice(j, 1);
        changed = true;
        break;
      }
    }
  }
  return merged.sort((a, b) => b.cells.length - a.cells.length);
}
