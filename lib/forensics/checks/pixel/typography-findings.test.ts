import { describe, expect, it } from "vitest";
import type { Region } from "../../types";
import { pixelRegion } from "./raster";
import { TYPE_FLOOR, type TypographyResult } from "./typography";
import { typographyFindings } from "./typography-findings";

const result: TypographyResult = {
  wordsMeasured: 40,
  threshold: { ...TYPE_FLOOR },
  deviations: [
    { x0: 100, y0: 100, x1: 200, y1: 120, text: "KOWALSKI", measure: "alignment", value: 0.5, pageSpread: 0, peers: 8 },
    { x0: 100, y0: 300, x1: 200, y1: 320, text: "Surname", measure: "column", value: -0.3, pageSpread: 0, peers: 3 },
  ],
};
const toRegion = (x0: number, y0: number, x1: number, y1: number) => pixelRegion(x0, y0, x1, y1, 1000, 1000);
const nameOnly = (r: Region) => r.y < 0.2;

describe("typography findings", () => {
  it("weighs a departure on the holder's data and only notes one on the pre-printed form", () => {
    const [name, caption] = typographyFindings(1, result, toRegion, nameOnly, "born_digital");
    expect(name).toMatchObject({ check: "pixel.typography", severity: "high", page: 1 });
    expect(name!.region!.y).toBeCloseTo(0.1, 2);
    expect(name!.message).toContain("KOWALSKI");
    expect(caption).toMatchObject({ check: "pixel.typography", severity: "info" });
  });

  it("keeps a weaker departure on a field at medium, which flags a document only beside other evidence", () => {
    const weak = { ...result, deviations: [{ ...result.deviations[0]!, value: 0.24 }] };
    expect(typographyFindings(1, weak, toRegion, nameOnly, "born_digital")[0]!.severity).toBe("medium");
  });

  it("weighs a value set taller than its caption on a render, and only notes it on a scan or photo", () => {
    const size = { ...result, deviations: [{ ...result.deviations[0]!, measure: "size" as const, value: 0.4 }] };
    expect(typographyFindings(1, size, toRegion, nameOnly, "born_digital")[0]!.severity).toBe("high");
    expect(typographyFindings(1, size, toRegion, nameOnly, "capture")[0]!.severity).toBe("info");
  });

  it("keeps even a clear departure at medium on a scan or photo, whose blur and skew move every measure", () => {
    expect(typographyFindings(1, result, toRegion, nameOnly, "capture")[0]!.severity).toBe("medium");
  });

  it("reports a change of weight inside a word as its own check, medium on a render however clear, noted on a capture", () => {
    const joined = { ...result.deviations[0]!, text: "Overtiméiilva", measure: "weight" as const, value: 0.9 };
    const both = { ...result, deviations: [joined, { ...result.deviations[0]!, text: "Overtiméiilva" }] };
    const [weight, geometry] = typographyFindings(1, both, toRegion, nameOnly, "born_digital");
    expect(weight).toMatchObject({ check: "pixel.stroke_weight", severity: "medium" });
    expect(weight!.message).toContain("changes weight");
    // The same word's geometric departure is a second sign, not a duplicate of the first.
    expect(geometry).toMatchObject({ check: "pixel.typography", severity: "high" });
    expect(typographyFindings(1, { ...result, deviations: [joined] }, toRegion, nameOnly, "capture")[0]!.severity).toBe(
      "info",
    );
    expect(
      typographyFindings(1, { ...result, deviations: [joined] }, toRegion, () => false, "born_digital")[0]!.severity,
    ).toBe("info");
  });

  describe("a value whose words leave their line together", () => {
    const word = (text: string, x0: number, value: number) => ({
      x0,
      y0: 100,
      x1: x0 + 60,
      y1: 120,
      text,
      measure: "baseline" as const,
      value,
      pageSpread: 0.02,
      peers: 6,
    });
    const name = (...deviations: TypographyResult["deviations"]) => ({ ...result, deviations });
    const shared = (findings: ReturnType<typeof typographyFindings>) =>
      findings.filter((f) => f.evidence?.statistic === "typography_baseline_shared");

    it("weighs a retyped name, both words 21 % below their sentence's baseline, as one clear departure", () => {
      const found = typographyFindings(
        1,
        name(word("Noah", 300, 0.21), word("Meyer", 370, 0.21)),
        toRegion,
        nameOnly,
        "born_digital",
      );
      expect(shared(found)).toHaveLength(1);
      expect(shared(found)[0]).toMatchObject({ check: "pixel.typography", severity: "high" });
      expect(shared(found)[0]!.message).toContain('"Noah Meyer"');
      // Each word alone stays the hint it was.
      expect(found.filter((f) => f.evidence?.statistic === "typography_baseline").map((f) => f.severity)).toEqual([
        "medium",
        "medium",
      ]);
    });

    it("weighs a name set taller than the lines of its addressee block, both words alike, as one clear departure", () => {
      const taller = (text: string, x0: number) => ({ ...word(text, x0, 0.15), measure: "stack" as const, peers: 2 });
      const found = typographyFindings(
        1,
        name(taller("Ivan", 300), taller("Jansen", 370)),
        toRegion,
        nameOnly,
        "born_digital",
      );
      const stacked = found.filter((f) => f.evidence?.statistic === "typography_stack_shared");
      expect(stacked).toHaveLength(1);
      expect(stacked[0]).toMatchObject({ check: "pixel.typography", severity: "high" });
      expect(stacked[0]!.message).toContain("taller than the lines of their block");
      // One word alone stays a hint.
      const one = typographyFindings(1, name(taller("Ivan", 300)), toRegion, nameOnly, "born_digital");
      expect(one.map((f) => f.severity)).toEqual(["medium"]);
    });

    it("finds nothing shared in one word alone, opposite directions, words far apart, the form's words or a capture", () => {
      expect(shared(typographyFindings(1, name(word("Noah", 300, 0.21)), toRegion, nameOnly, "born_digital"))).toEqual(
        [],
      );
      const opposite = name(word("Noah", 300, 0.21), word("Meyer", 370, -0.21));
      expect(shared(typographyFindings(1, opposite, toRegion, nameOnly, "born_digital"))).toEqual([]);
      const apart = name(word("Noah", 300, 0.21), word("Meyer", 700, 0.21));
      expect(shared(typographyFindings(1, apart, toRegion, nameOnly, "born_digital"))).toEqual([]);
      const both = name(word("Noah", 300, 0.21), word("Meyer", 370, 0.21));
      expect(shared(typographyFindings(1, both, toRegion, () => false, "born_digital"))).toEqual([]);
      expect(shared(typographyFindings(1, both, toRegion, nameOnly, "capture"))).toEqual([]);
    });
  });
});
