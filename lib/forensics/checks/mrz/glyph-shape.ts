// One glyph as the template matcher compares it: its ink box scaled to a fixed grid (shape), and
// where that box sits in its cell (size and position), since a filler '<' and a letter differ in
// both. The OCR-B templates (ocr-b/templates.json) are made by the same code from the font.
import type { Grey } from "./binarise";

export const GRID_W = 12;
export const GRID_H = 16;

export interface GlyphShape {
  /** Ink darkness on the grid, zero mean and unit length, so a dot product is a correlation. */
  grid: number[];
  /** Ink box height and width over the cap height, and the box centre's height over it (0 = cap middle). */
  height: number;
  width: number;
  middle: number;
}

/** Box of the pixels darker than `threshold` inside a window, or null when it holds no ink. */
export function inkBox(
  image: Grey,
  window: { x0: number; y0: number; x1: number; y1: number },
  threshold: number,
): { x0: number; y0: number; x1: number; y1: number } | null {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (let y = Math.max(0, window.y0); y < Math.min(image.height, window.y1); y++) {
    for (let x = Math.max(0, window.x0); x < Math.min(image.width, window.x1); x++) {
      if ((image.data[y * image.width + x] as number) >= threshold) continue;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
    }
  }
  return x1 >= x0 ? { x0, y0, x1: x1 + 1, y1: y1 + 1 } : null;
}

/** The shape of the ink in `box`, measured against a cell of `capHeight` centred at `midY`. */
export function glyphShape(
  image: Grey,
  box: { x0: number; y0: number; x1: number; y1: number },
  capHeight: number,
  midY: number,
): GlyphShape {
  const w = box.x1 - box.x0;
  const h = box.y1 - box.y0;
  const grid = new Array<number>(GRID_W * GRID_H).fill(0);
  // Area sampling: each grid cell averages the darkness of the pixels it covers (4×4 subsamples).
  for (let gy = 0; gy < GRID_H; gy++) {
    for (let gx = 0; gx < GRID_W; gx++) {
      let sum = 0;
      for (let sy = 0; sy < 4; sy++) {
        for (let sx = 0; sx < 4; sx++) {
          const x = Math.min(image.width - 1, Math.floor(box.x0 + ((gx + (sx + 0.5) / 4) * w) / GRID_W));
          const y = Math.min(image.height - 1, Math.floor(box.y0 + ((gy + (sy + 0.5) / 4) * h) / GRID_H));
          sum += 255 - (image.data[y * image.width + x] as number);
        }
      }
      grid[gy * GRID_W + gx] = sum / 16;
    }
  }
  const mean = grid.reduce((a, b) => a + b, 0) / grid.length;
  const centred = grid.map((v) => v - mean);
  const norm = Math.sqrt(centred.reduce((a, b) => a + b * b, 0)) || 1;
  return {
    grid: centred.map((v) => v / norm),
    height: h / capHeight,
    width: w / capHeight,
    middle: ((box.y0 + box.y1) / 2 - midY) / capHeight,
  };
}

/** How alike two shapes are: the grids' correlation, less what their sizes and positions disagree. */
export function likeness(a: GlyphShape, b: GlyphShape): number {
  let corr = 0;
  for (let i = 0; i < a.grid.length; i++) corr += (a.grid[i] as number) * (b.grid[i] as number);
  return (
    corr - 1.2 * Math.abs(a.height - b.height) - 0.8 * Math.abs(a.width - b.width) - 1.2 * Math.abs(a.middle - b.middle)
  );
}
