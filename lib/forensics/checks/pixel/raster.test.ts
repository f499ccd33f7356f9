import { describe, expect, it } from "vitest";
import { estimateQuality, ijgTable, readLumaTable } from "./jpeg-tables";
import { orientRegion, shrink, type Grey } from "./raster";
import { applyLook, encodeJpeg, renderDocument } from "@/tests/forensics-support/pixel-fixtures";

describe("orientRegion", () => {
  const r = { x: 0.1, y: 0.2, width: 0.3, height: 0.1 };
  it.each([
    [1, { x: 0.1, y: 0.2, width: 0.3, height: 0.1 }],
    [3, { x: 0.6, y: 0.7, width: 0.3, height: 0.1 }],
    // Rotated 90° clockwise for display: the stored top edge becomes the right edge.
    [6, { x: 0.7, y: 0.1, width: 0.1, height: 0.3 }],
    [8, { x: 0.2, y: 0.6, width: 0.1, height: 0.3 }],
  ])("turns a stored region upright for EXIF orientation %i", (orientation, expected) => {
    const out = orientRegion(r, orientation);
    for (const key of ["x", "y", "width", "height"] as const) expect(out[key]).toBeCloseTo(expected[key], 10);
  });
});

describe("JPEG quantisation tables", () => {
  it("reads the luminance table an encoder wrote and recognises its quality", async () => {
    const page = await applyLook(renderDocument(1, 320), "scan", 1);
    for (const quality of [40, 75, 92]) {
      const table = readLumaTable(await encodeJpeg(page, quality));
      expect(table).not.toBeNull();
      expect(Array.from(table!)).toEqual(Array.from(ijgTable(quality)));
      expect(estimateQuality(table!)).toBe(quality);
    }
  });

  it("returns null for bytes that are not a JPEG", () => {
    expect(readLumaTable(new Uint8Array([0x89, 0x50, 0x4e, 0x47]))).toBeNull();
  });
});

describe("shrink", () => {
  /** The box filter as defined: the rounded mean of each factor×factor block, partial blocks dropped. */
  function boxMean(src: Grey, factor: number): Grey {
    const width = Math.floor(src.width / factor);
    const height = Math.floor(src.height / factor);
    const data = new Uint8Array(width * height);
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) {
        let sum = 0;
        for (let dy = 0; dy < factor; dy++)
          for (let dx = 0; dx < factor; dx++)
            sum += src.data[(y * factor + dy) * src.width + x * factor + dx] as number;
        data[y * width + x] = Math.round(sum / (factor * factor));
      }
    return { data, width, height };
  }

  const noisy = (width: number, height: number): Grey => {
    let seed = 3;
    const data = Uint8Array.from(
      { length: width * height },
      () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) % 256,
    );
    return { data, width, height };
  };

  for (const [factor, w, h] of [
    [2, 101, 67],
    [2, 64, 64],
    [3, 100, 71],
  ] as const)
    it(`averages ${factor}×${factor} blocks exactly (${w}×${h}, odd edges dropped)`, () => {
      const src = noisy(w, h);
      expect(shrink(src, factor)).toEqual(boxMean(src, factor));
      // From a pixel (ox, oy) on, it is the shrink of the page without its first columns and rows.
      for (const [ox, oy] of [
        [1, 0],
        [0, 1],
        [1, 1],
        [2, 1],
      ] as const) {
        const width = w - ox;
        const offset = { data: new Uint8Array(width * (h - oy)), width, height: h - oy };
        for (let y = 0; y < h - oy; y++)
          offset.data.set(src.data.subarray((y + oy) * w + ox, (y + oy + 1) * w), y * width);
        expect(shrink(src, factor, ox, oy)).toEqual(boxMean(offset, factor));
      }
      // Its flat twin stays flat at the same level.
      const flat = { ...src, data: new Uint8Array(w * h).fill(201) };
      expect(shrink(flat, factor).data.every((v) => v === 201)).toBe(true);
    });
});
