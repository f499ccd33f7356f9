import { describe, expect, it } from "vitest";
import type { TextItem } from "../../context";
import { pixelRegion } from "./raster";
import { analyseTypeRasteriser } from "./type-rasteriser";
import { typeRasteriserFindings } from "./type-rasteriser-findings";

const W = 800;
const H = 600;
const PAPER = [255, 255, 255] as const;
const INK = [29, 35, 48] as const;

type Coverage = (c: number) => number;
/** Splash: a pixel covered in 16 steps. */
const splash: Coverage = (c) => Math.round(c * 16) / 16;
/** Another rasteriser: any coverage, and its own gamma. */
const other: Coverage = (c) => Math.pow(c, 0.8);

/**
 * A page of "words" (rows of stems whose edges fall between pixels, so they are anti-aliased) in
 * one ink on one paper; `draw` says how each word's coverage is rasterised, `ring` adds a
 * resampler's undershoot darker than the ink beside each stem.
 */
function page(
  draw: (word: number) => Coverage,
  ring: (word: number) => boolean = () => false,
  rows: (word: number) => number = () => 24,
  shade: (word: number) => boolean = () => false,
) {
  const rgb = new Uint8Array(W * H * 3);
  for (let i = 0; i < W * H; i++) rgb.set(PAPER, i * 3);
  const set = (x: number, y: number, a: number) => {
    const i = (y * W + x) * 3;
    for (let k = 0; k < 3; k++)
      rgb[i + k] = Math.max(0, Math.round((PAPER[k] as number) + a * ((INK[k] as number) - PAPER[k])));
  };
  const words: TextItem[] = [];
  let n = 0;
  for (let row = 0; row < 10; row++) {
    for (let col = 0; col < 4; col++, n++) {
      const x0 = 40 + col * 190;
      const y0 = 30 + row * 55;
      const cover = draw(n);
      for (let s = 0; s < 12; s++) {
        // A slanted stem 4.x pixels wide: its edges fall between pixels by another share on every row.
        const width = 4 + ((s * 5 + n) % 13) / 13;
        for (let y = y0; y < y0 + rows(n); y++) {
          const left = x0 + s * 11 + ((s * 7 + n * 3) % 16) / 16 + (y - y0) * 0.173;
          const right = left + width;
          for (let x = Math.floor(left); x <= Math.ceil(right); x++) {
            const c = Math.max(0, Math.min(1, Math.min(x + 1, right) - Math.max(x, left)));
            // A resampler's ringing: the stem's pixels next to its left edge pixel darker than the ink, by varying amounts.
            const inner = x === Math.floor(left) + 1;
            // Type filled with a gradient: its lower half darkening well past its commonest dark colour.
            const dark = shade(n) && c === 1 && y > y0 + rows(n) / 2 ? 1 + (y - y0 - rows(n) / 2) / 24 : 0;
            const a = dark || (ring(n) && inner && c === 1 ? 1.03 + ((x + y) % 7) / 100 : cover(c));
            if (a > 0) set(x, y, a);
          }
        }
      }
      words.push({
        text: `word${n}`,
        x: (x0 - 2) / W,
        y: (y0 - 4) / H,
        width: 138 / W,
        height: (rows(n) + 6) / H,
        source: "ocr",
        confidence: 95,
      });
    }
  }
  return { rgb, words };
}

const TARGET = 17;
const toRegion = (x0: number, y0: number, x1: number, y1: number) => pixelRegion(x0, y0, x1, y1, W, H);

describe("type rasteriser", () => {
  it("finds nothing on a page drawn by one rasteriser", () => {
    const { rgb, words } = page(() => splash);
    const result = analyseTypeRasteriser(rgb, W, H, words);
    expect(result.wordsMeasured).toBe(40);
    expect(result.deviations).toEqual([]);
  });

  it("finds the one word whose edges take colours the page's other words never take", () => {
    const { rgb, words } = page((n) => (n === TARGET ? other : splash));
    const [d, ...rest] = analyseTypeRasteriser(rgb, W, H, words).deviations;
    expect(rest).toEqual([]);
    expect(d).toMatchObject({ text: `word${TARGET}`, measure: "edge_colours" });
    expect(d!.value).toBeGreaterThan(0.6);
  });

  it("says nothing where the page's own rasteriser takes every edge colour", () => {
    const { rgb, words } = page((n) => (n === TARGET ? splash : other));
    expect(analyseTypeRasteriser(rgb, W, H, words).deviations).toEqual([]);
  });

  it("finds a word whose strokes ring darker than its ink, as a resized cut-out does", () => {
    const { rgb, words } = page(
      () => other,
      (n) => n === TARGET,
    );
    const [d, ...rest] = analyseTypeRasteriser(rgb, W, H, words).deviations;
    expect(rest).toEqual([]);
    expect(d).toMatchObject({ text: `word${TARGET}`, measure: "overshoot" });
  });

  it("compares a word only with words of about its size (a diploma's name set large, drawn as outlines)", () => {
    const { rgb, words } = page(
      (n) => (n === TARGET ? other : splash),
      () => false,
      (n) => (n === TARGET ? 40 : 24),
    );
    expect(analyseTypeRasteriser(rgb, W, H, words).deviations).toEqual([]);
  });

  it("does not take type filled with a gradient for ringing", () => {
    const { rgb, words } = page(
      () => other,
      () => false,
      () => 24,
      (n) => n === TARGET,
    );
    expect(analyseTypeRasteriser(rgb, W, H, words).deviations).toEqual([]);
  });

  it("weighs a departure on the holder's data and only notes one on the form", () => {
    const { rgb, words } = page((n) => (n === TARGET ? other : splash));
    const result = analyseTypeRasteriser(rgb, W, H, words);
    const onField = typeRasteriserFindings(1, result, toRegion, () => true);
    expect(onField[0]).toMatchObject({ check: "pixel.type_rasteriser", severity: "high" });
    expect(onField[0]!.score).toBeGreaterThanOrEqual(0.6);
    expect(typeRasteriserFindings(1, result, toRegion, () => false)[0]!.severity).toBe("info");
    expect(typeRasteriserFindings(1, result, toRegion, null)[0]!.severity).toBe("info");
  });
});
