import { describe, expect, it } from "vitest";
import { TAMPERS } from "./catalog";
import { availableFormats, corpusSpecs } from "./corpus";

describe("corpusSpecs", () => {
  it("is reproducible and gives every tamper a document type, format and look it applies to", () => {
    const specs = corpusSpecs({ seed: "c", perClass: 54 });
    expect(corpusSpecs({ seed: "c", perClass: 54 })).toEqual(specs);
    for (const s of specs.filter((x) => x.tamper)) {
      const t = TAMPERS[s.tamper as keyof typeof TAMPERS];
      expect(t.docTypes).toContain(s.docType);
      expect(t.formats).toContain(s.format);
      expect(s.format === "pdf" ? ["clean"] : t.looks).toContain(s.look);
    }
    const genuineTypes = new Set(specs.filter((s) => s.label === "genuine").map((s) => `${s.docType}/${s.format}`));
    // Every document type in every format this machine writes (HEIC only with heif-enc).
    expect(genuineTypes.size).toBeGreaterThanOrEqual(Math.min(50, 7 * availableFormats().length));
  });

  it("narrows to a class, a check family, a tamper kind or a format with `only`", () => {
    const options = { seed: 1, perClass: 36 };
    expect(corpusSpecs({ ...options, only: "not_credential" }).every((s) => s.label === "not_credential")).toBe(true);
    const mrz = corpusSpecs({ ...options, only: "mrz" });
    expect(mrz.length).toBeGreaterThan(0);
    expect(mrz.every((s) => s.tamper?.startsWith("mrz."))).toBe(true);
    expect(corpusSpecs({ ...options, only: "pixel.splice" }).every((s) => s.tamper === "pixel.splice")).toBe(true);
    expect(corpusSpecs({ ...options, only: "tiff" }).every((s) => s.format === "tiff")).toBe(true);
  });
});
