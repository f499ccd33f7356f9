// A word whose right glyphs were laid over with heavier type changes weight at the join; its clean
// twin, one weight throughout (bars and stems alike, as an s or an e has both), does not.
import { describe, expect, it } from "vitest";
import type { Grey } from "./raster";
import { weightSplit } from "./stroke-weight";

const PAPER = 240;
const INK = 30;
const TOP = 20;
const BASE = 34;

/** Glyphs 14 px apart on a 14-px x-height, of a stroke width: two stems under an arch (n-like), or with bars (e-like). */
function word(strokes: Array<{ width: number; bars?: boolean }>): Grey {
  const width = 20 + strokes.length * 14;
  const height = 50;
  const data = new Uint8Array(width * height).fill(PAPER);
  const ink = (x: number, y: number) => (data[y * width + x] = INK);
  strokes.forEach(({ width: w, bars }, i) => {
    const x0 = 10 + i * 14;
    for (let y = TOP; y < BASE; y++)
      for (let dx = 0; dx < w; dx++) {
        ink(x0 + dx, y);
        ink(x0 + 8 - dx, y);
      }
    for (const y0 of bars ? [TOP, (TOP + BASE) / 2, BASE - w] : [TOP])
      for (let dy = 0; dy < w; dy++) for (let x = x0; x <= x0 + 8; x++) ink(x, y0 + dy);
  });
  return { data, width, height };
}

const band = { bandTop: TOP, baseline: BASE, paper: PAPER, contrast: PAPER - INK };
const boxOf = (g: Grey) => ({ x0: 4, y0: TOP - 4, x1: g.width - 4, y1: BASE + 4 });

describe("weightSplit", () => {
  it("finds where a regular word's glyphs give way to bold ones", () => {
    const g = word([
      { width: 2 },
      { width: 2, bars: true },
      { width: 2 },
      { width: 2 },
      { width: 4 },
      { width: 4, bars: true },
      { width: 4 },
    ]);
    const split = weightSplit(g, boxOf(g), band);
    expect(split).not.toBeNull();
    expect(split!.value).toBeGreaterThan(0.7);
    expect(split!.left).toBe(4);
    expect(split!.right).toBe(3);
    expect(split!.atX).toBeGreaterThan(10 + 3 * 14);
    expect(split!.atX).toBeLessThan(10 + 4 * 14);
  });

  it("finds no change of weight in the clean twin, bars and stems alike", () => {
    const g = word([
      { width: 2 },
      { width: 2, bars: true },
      { width: 2 },
      { width: 2 },
      { width: 2 },
      { width: 2, bars: true },
      { width: 2 },
    ]);
    expect(weightSplit(g, boxOf(g), band)?.value ?? 0).toBeLessThan(0.1);
  });

  it("takes one heavier glyph for no part: each side needs two glyphs that agree", () => {
    const g = word([{ width: 2 }, { width: 2 }, { width: 2 }, { width: 2 }, { width: 4 }]);
    expect(weightSplit(g, boxOf(g), band)?.value ?? 0).toBeLessThan(0.1);
  });
});
