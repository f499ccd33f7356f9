// measureWord's paper and ink levels come from histograms; they must be the very ranks a sort of
// the pixels gives, on a crafted word (dark strokes on noisy paper) and on its flat twin.
import { describe, expect, it } from "vitest";
import { measureWord, type WordBox } from "./glyph-metrics";
import type { Grey } from "./raster";

function page(noise: boolean): Grey {
  const width = 120;
  const height = 60;
  const data = new Uint8Array(width * height);
  let seed = 7;
  const rand = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff) * 2 - 1;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const stroke = y >= 20 && y < 38 && x >= 20 && x < 100 && (x % 9 < 3 || y === 37 || y === 20);
      data[y * width + x] = Math.max(0, Math.min(255, Math.round((stroke ? 40 : 235) + (noise ? rand() * 12 : 0))));
    }
  return { data, width, height };
}

/** The levels as the engine measured them before: sort the pixels, take the ranks. */
function sortedLevels(g: Grey, box: WordBox) {
  const pad = Math.max(2, Math.round((box.y1 - box.y0) * 0.15));
  const ring: number[] = [];
  const inside: number[] = [];
  for (let y = Math.max(0, box.y0 - pad); y < Math.min(g.height, box.y1 + pad); y++)
    for (let x = Math.max(0, box.x0 - pad); x < Math.min(g.width, box.x1 + pad); x++) {
      const v = g.data[y * g.width + x] as number;
      (x >= box.x0 && x < box.x1 && y >= box.y0 && y < box.y1 ? inside : ring).push(v);
    }
  const q = (values: number[], p: number) => {
    const s = [...values].sort((a, b) => a - b);
    return s[Math.min(s.length - 1, Math.max(0, Math.floor(p * (s.length - 1))))] ?? 0;
  };
  return { paper: q(ring, 0.6), ink: q(inside, 0.02) };
}

describe("measureWord levels", () => {
  const box = { x0: 18, y0: 18, x1: 102, y1: 40 };
  for (const noise of [true, false])
    it(`equal the sorted ranks of the pixels (${noise ? "noisy paper" : "flat twin"})`, () => {
      const g = page(noise);
      const m = measureWord(g, box);
      const ref = sortedLevels(g, box);
      expect(m).not.toBeNull();
      expect(m?.paper).toBe(ref.paper);
      expect(m?.contrast).toBe(ref.paper - ref.ink);
    });
});
