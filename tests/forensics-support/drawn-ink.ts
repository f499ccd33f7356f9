// Test helper: glyph strokes drawn as a rasteriser draws them, on a grey page. Used only by *.test.ts files.
import type { Grey } from "@/lib/forensics/checks/pixel/raster";

export const PAPER = 250;
export const INK = 20;

/** A blank page of `width` × `height` pixels at the paper's grey. */
export const blankPage = (width: number, height: number): Grey => ({
  data: new Uint8Array(width * height).fill(PAPER),
  width,
  height,
});

/** Adds ink over [x0, x1) × [y0, y1), fractional edges covered by their share (as a rasteriser draws). */
export function fill(g: Grey, x0: number, y0: number, x1: number, y1: number): void {
  for (let y = Math.floor(y0); y < Math.ceil(y1); y++) {
    const cy = Math.min(y + 1, y1) - Math.max(y, y0);
    for (let x = Math.floor(x0); x < Math.ceil(x1); x++) {
      const c = cy * (Math.min(x + 1, x1) - Math.max(x, x0));
      const i = y * g.width + x;
      const cover = Math.min(1, (PAPER - (g.data[i] as number)) / (PAPER - INK) + c);
      g.data[i] = Math.round(PAPER - cover * (PAPER - INK));
    }
  }
}

/**
 * A word of box-shaped glyphs (an o, an n) at x-height 12 with its top at `top`: per glyph two
 * stems `stem` px thick joined at top and foot by strokes `thin` px thick, glyphs 9 px apart. A
 * serif text face: stems of 2.2, hairlines of 0.9; a sans face: 2.2 and 1.9. Returns the word's
 * box (pixels) as OCR would report it, with a little margin.
 */
export function boxGlyphWord(
  g: Grey,
  x: number,
  top: number,
  glyphs: number,
  stem: number,
  thin: number,
): { x0: number; y0: number; x1: number; y1: number } {
  const foot = top + 12;
  for (let k = 0; k < glyphs; k++) {
    const gx = x + k * 9;
    fill(g, gx, top, gx + stem, foot);
    fill(g, gx + 7 - stem, top, gx + 7, foot);
    fill(g, gx + stem, top, gx + 7 - stem, top + thin);
    fill(g, gx + stem, foot - thin, gx + 7 - stem, foot);
  }
  return { x0: x - 2, y0: top - 6, x1: x + glyphs * 9, y1: foot + 6 };
}
