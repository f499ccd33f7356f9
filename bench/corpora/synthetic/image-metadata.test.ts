import { describe, expect, it } from "vitest";
import { editorImageMeta, inconsistentDateMeta } from "./image-metadata";
import { createRng } from "./rng";

const exifTime = (v: string | undefined) => Date.parse(`${v!.slice(0, 10).replace(/:/g, "-")}T${v!.slice(11)}Z`);

describe("synthetic image metadata", () => {
  it("stamps an editor's save after the capture and never after the generator's now", () => {
    for (let seed = 0; seed < 200; seed++) {
      const taken = new Date(Date.parse("2026-09-30T10:00:00Z") - seed * 3 * 86_400_000);
      const meta = editorImageMeta(createRng(seed), seed % 2 ? "phone" : "clean", taken);
      const saved = exifTime(meta.exif?.IFD0?.DateTime);
      expect(saved).toBeGreaterThan(taken.getTime() + 86_400_000);
      expect(saved).toBeLessThan(Date.parse("2026-11-03T00:00:00Z"));
      expect(meta.xmp).toMatch(/stEvt:action="saved"/);
    }
  });

  it("writes dates out of order on the date tamper: modified before taken, or taken in the future", () => {
    for (let seed = 0; seed < 50; seed++) {
      const taken = new Date("2025-04-01T10:00:00Z");
      const { exif } = inconsistentDateMeta(createRng(seed), "phone", taken);
      const modified = exifTime(exif?.IFD0?.DateTime);
      const original = exifTime(exif?.IFD2?.DateTimeOriginal);
      expect(modified).toBeLessThan(original - 86_400_000);
    }
  });
});
