import exifr from "exifr";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { encodeTiff } from "./encode";

const page = (shade: number) => ({ width: 40, height: 30, data: new Uint8ClampedArray(40 * 30 * 4).fill(shade) });

describe("TIFF EXIF", () => {
  it("writes the device, software and dates into a multi-page TIFF that still decodes", async () => {
    for (const quality of [90, 100]) {
      const bytes = await encodeTiff([page(200), page(120)], {
        quality,
        exif: {
          IFD0: {
            Make: "Canon",
            Model: "CanoScan LiDE 400",
            Software: "ScanGear 1.6",
            DateTime: "2025:03:01 10:00:00",
          },
          IFD2: { DateTimeOriginal: "2025:03:01 09:59:58" },
        },
      });
      expect((await sharp(bytes).metadata()).pages).toBe(2);
      expect((await sharp(bytes, { page: 1 }).stats()).channels[0]!.mean).toBeCloseTo(120, -1);
      const tags = await exifr.parse(Buffer.from(bytes), { tiff: true, exif: true, reviveValues: false });
      expect(tags).toMatchObject({
        Make: "Canon",
        Model: "CanoScan LiDE 400",
        Software: "ScanGear 1.6",
        ModifyDate: "2025:03:01 10:00:00",
        DateTimeOriginal: "2025:03:01 09:59:58",
      });
    }
  });

  it("leaves a TIFF without EXIF as libvips wrote it", async () => {
    const bytes = await encodeTiff([page(200)], { quality: 100 });
    expect(await exifr.parse(Buffer.from(bytes), { tiff: true, exif: true })).toMatchObject({ ImageWidth: 40 });
  });
});
