// Compares two renders of the same page and returns the changed regions as page fractions.
// A region where the earlier render had ink that is now different means existing content was
// altered or covered; a region that was blank before means something was only added.
import type { Region } from "../../types";
import type { GrayPage } from "./render";

export interface ChangedRegion {
  region: Region;
  changedPixels: number;
  /** Ink pixels of the earlier render in and around the changed area. */
  inkBefore: number;
  /** Existing content was erased, covered or rewritten here (not merely added). */
  inkAltered: boolean;
}

// Two renders of unchanged content by the same renderer are pixel-identical, so a small delta
// is safe and catches a single changed digit.
const PIXEL_DELTA = 24;
const INK = 160;
const CELL = 6;
const MAX_REGIONS = 20;
/** Pixels around a change that still count as touching it (a glyph's neighbour in a word). */
const TOUCH = 3;

export function diffRenders(before: GrayPage, after: GrayPage): ChangedRegion[] {
  if (before.width !== after.width || before.height !== after.height) {
    return [
      {
        region: { x: 0, y: 0, width: 1, height: 1 },
        changedPixels: after.width * after.height,
        inkBefore: 0,
        inkAltered: true,
      },
    ];
  }
  const { width, height } = after;
  const cols = Math.ceil(width / CELL);
  const rows = Math.ceil(height / CELL);
  const changed = new Uint32Array(cols * rows);
  for (let y = 0; y < height; y++) {
    const rowCell = Math.floor(y / CELL) * cols;
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if (Math.abs(before.gray[i] - after.gray[i]) <= PIXEL_DELTA) continue;
      changed[rowCell + Math.floor(x / CELL)] += 1;
    }
  }
  return components(changed, cols, rows)
    .map((c) => {
      const x0 = c.minX * CELL;
      const y0 = c.minY * CELL;
      const x1 = Math.min(width, (c.maxX + 1) * CELL);
      const y1 = Math.min(height, (c.maxY + 1) * CELL);
      // Ink the earlier render had where pixels changed or touching them: a changed digit touches
      // the glyphs beside it, something added on blank paper touches nothing. Measured on the
      // changed pixels themselves, not their cells: a footer or stamp added a few points under a
      // line of text is an addition, not a rewrite of that line.
      const tight = changedBox(before, after, x0, y0, x1, y1);
      const inkBefore = countInk(before, tight.x0 - TOUCH, tight.y0 - TOUCH, tight.x1 + TOUCH, tight.y1 + TOUCH);
      return {
        region: { x: x0 / width, y: y0 / height, width: (x1 - x0) / width, height: (y1 - y0) / height },
        changedPixels: c.changed,
        inkBefore,
        inkAltered: inkBefore >= 6,
      };
    })
    .sort((a, b) => b.changedPixels - a.changedPixels)
    .slice(0, MAX_REGIONS);
}

/** Bounding box (end-exclusive) of the pixels that changed inside a region. */
function changedBox(before: GrayPage, after: GrayPage, x0: number, y0: number, x1: number, y1: number) {
  const box = { x0: x1, y0: y1, x1: x0, y1: y0 };
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const i = y * after.width + x;
      if (Math.abs(before.gray[i] - after.gray[i]) <= PIXEL_DELTA) continue;
      box.x0 = Math.min(box.x0, x);
      box.y0 = Math.min(box.y0, y);
      box.x1 = Math.max(box.x1, x + 1);
      box.y1 = Math.max(box.y1, y + 1);
    }
  }
  return box;
}

function countInk(page: GrayPage, x0: number, y0: number, x1: number, y1: number): number {
  let n = 0;
  for (let y = Math.max(0, y0); y < Math.min(page.height, y1); y++) {
    for (let x = Math.max(0, x0); x < Math.min(page.width, x1); x++) if (page.gray[y * page.width + x] < INK) n += 1;
  }
  return n;
}

interface Component {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
  changed: number;
}

/** Groups changed cells into regions; cells up to two apart join, so a word becomes one region. */
function components(changed: Uint32Array, cols: number, rows: number): Component[] {
  const label = new Int32Array(cols * rows).fill(-1);
  const out: Component[] = [];
  const reach = 2;
  for (let start = 0; start < changed.length; start++) {
    if (changed[start] < 1 || label[start] !== -1) continue;
    const comp: Component = { minX: cols, minY: rows, maxX: 0, maxY: 0, changed: 0 };
    const stack = [start];
    label[start] = out.length;
    while (stack.length) {
      const cell = stack.pop()!;
      const cx = cell % cols;
      const cy = (cell - cx) / cols;
      comp.minX = Math.min(comp.minX, cx);
      comp.maxX = Math.max(comp.maxX, cx);
      comp.minY = Math.min(comp.minY, cy);
      comp.maxY = Math.max(comp.maxY, cy);
      comp.changed += changed[cell];
      for (let dy = -reach; dy <= reach; dy++) {
        const ny = cy + dy;
        if (ny < 0 || ny >= rows) continue;
        for (let dx = -reach; dx <= reach; dx++) {
          const nx = cx + dx;
          if (nx < 0 || nx >= cols) continue;
          const next = ny * cols + nx;
          if (changed[next] >= 1 && label[next] === -1) {
            label[next] = out.length;
            stack.push(next);
          }
        }
      }
    }
    if (comp.changed >= 3) out.push(comp);
  }
  return out;
}
