import { describe, expect, it } from "vitest";
import { estimateQuality, ijgTable, readLumaTable } from "./jpeg-tables";
import { orientRegion } from "./raster";
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
