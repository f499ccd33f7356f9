// The shared grey page changes no pixel a stage reads: each shrink of it equals the pipeline the
// stage used to run on the colour page, and the OCR image carries exactly those pixels.
import sharp, { type Sharp } from "sharp";
import { describe, expect, it } from "vitest";
import { pgm } from "./ocr";
import { downscaled, greyInput, greyOf } from "./raster";

/** A colour page with text-like strokes, a red stamp and a blue signature on tinted paper. */
function colourPage(width: number, height: number) {
  const rgb = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const stroke = (x % 23 < 3 && y % 31 < 20) || (y % 47 < 2 && x > 40);
      const stamp = (x - width * 0.7) ** 2 + (y - height * 0.3) ** 2 < (width * 0.1) ** 2;
      const ink = y > height * 0.8 && Math.abs(Math.sin(x / 9) * 20 + height * 0.88 - y) < 3;
      const c = stroke ? [30, 30, 35] : stamp ? [200, 40, 50] : ink ? [20, 40, 160] : [247, 243, 232];
      rgb.set(
        c.map((v) => Math.max(0, Math.min(255, v + ((x * 7 + y * 13) % 5) - 2))),
        i,
      );
    }
  return { rgb, width, height };
}

const raw = (p: Sharp) => p.raw().toBuffer();
// Byte comparison: a deep equality over a million array elements takes seconds.
const same = (a: Uint8Array, b: Uint8Array) => Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(b);

describe("shared grey page", () => {
  const page = colourPage(900, 1270);
  const colour = () => sharp(page.rgb, { raw: { width: page.width, height: page.height, channels: 3 } });

  it("shrinks to the pixels of the colour page shrunk and made grey by libvips", async () => {
    const small = await downscaled(page, 400, true);
    expect(small.channels).toBe(1);
    const direct = await raw(
      colour().resize({ width: 400, height: 400, fit: "inside", withoutEnlargement: true }).greyscale(),
    );
    expect(same(small.data, direct)).toBe(true);
    const grey = await greyOf(page);
    const located = await raw(greyInput(grey).resize({ width: 700, kernel: "cubic" }));
    expect(same(located, await raw(colour().greyscale().resize({ width: 700, kernel: "cubic" })))).toBe(true);
  });

  it("is made once per page, whichever object carries its pixels", async () => {
    expect(greyOf({ ...page })).toBe(greyOf(page));
    expect(downscaled({ ...page }, 300, true)).toBe(downscaled(page, 300, true));
    expect(downscaled(page, 300, false)).not.toBe(downscaled(page, 300, true));
  });

  it("hands OCR the grey pixels as a PGM whose first 512 bytes are header text", async () => {
    const grey = await greyOf(page);
    const image = pgm(grey.data, grey.width, grey.height);
    const header = image.subarray(0, 512).toString("latin1");
    expect(header).toMatch(/^P5\n# -+\n900 1270\n255\n$/);
    expect(same(grey.data, image.subarray(512))).toBe(true);
  });
});
