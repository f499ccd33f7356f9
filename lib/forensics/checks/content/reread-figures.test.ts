// A figure a broken sum was excused by, read a second time: as printed again (the edit stands) or
// as the look-alike (the excuse holds). The reader is injected: no OCR in a unit test.
import { describe, expect, it } from "vitest";
import { makeContext, fixedReading } from "@/tests/forensics-support/content-context";
import type { Finding } from "../../types";
import type { AmountCell } from "./amount-cells";
import { repairEvidence, weighBreak } from "./ocr-noise";
import { figureCrop, rereadExcusedFigures } from "./reread-figures";

const cell = (raw: string, value: number): AmountCell => ({
  raw,
  value,
  negative: value < 0,
  start: 0,
  end: raw.length,
  region: { x: 0.6, y: 0.4, width: 0.06, height: 0.011 },
  right: 0.66,
  confidence: 90,
});

const NET = cell("2,715.94", 2715.94);
const weight = weighBreak([cell("2,956.32", 2956.32), cell("-740.38", -740.38), NET], true, {
  cell: NET,
  reading: "2,215.94",
});
const finding: Finding = {
  check: "content.payslip_net",
  severity: weight.severity,
  score: weight.score,
  message: `Net pay does not add up; ${weight.reason}.`,
  page: 1,
  region: null,
  evidence: { source: "ocr", ...repairEvidence(weight) },
};
const ctx = makeContext({ docType: "payslip", pages: [{ rows: ["Net pay 2,715.94"], source: "ocr" }] });
const reading = (text: string, confidence = 85) => fixedReading(text, confidence);

describe("a second reading of an excused figure", () => {
  it("keeps a break a look-alike digit explains as a low note, with what would weigh without it", () => {
    expect(weight.severity).toBe("low");
    expect(finding.evidence?.ocr_repair).toMatchObject({
      read: "2,715.94",
      reading: "2,215.94",
      unrepaired: { severity: "high", score: 0.7 },
    });
  });

  it("lets the break weigh in full when the figure reads as printed again", async () => {
    const [again] = await rereadExcusedFigures(ctx, [finding], reading("|2,715.94"));
    expect(again).toMatchObject({ severity: "high", score: 0.7 });
    expect(again!.message).toContain('"2,715.94" reads the same, so it is no look-alike misread');
    expect(again!.evidence?.ocr_repair).toMatchObject({ confirmed: true });
  });

  it("keeps the excuse when the second reading sees the look-alike, or reads too unsurely", async () => {
    for (const reader of [reading("2,215.94"), reading("2,715.94", 40), async () => null]) {
      const [again] = await rereadExcusedFigures(ctx, [finding], reader);
      expect(again).toMatchObject({ severity: "low", message: finding.message });
      expect(again!.evidence?.ocr_repair).toMatchObject({ confirmed: false });
    }
  });

  it("leaves a text layer's findings and findings without an excuse alone", async () => {
    const plain = { ...finding, evidence: { source: "ocr" } };
    const layer = makeContext({ docType: "payslip", pages: [{ rows: ["Net pay 2,715.94"] }] });
    expect(await rereadExcusedFigures(ctx, [plain], reading("2,715.94"))).toEqual([plain]);
    expect(await rereadExcusedFigures(layer, [finding], reading("2,715.94"))).toEqual([finding]);
  });
});

describe("a second reading of a figure read unsurely", () => {
  // No look-alike digit bridges 1,000.00; the net pay alone was read unsurely (confidence 66).
  const unsure = { ...cell("3,715.94", 3715.94), confidence: 66 };
  const held = weighBreak([cell("2,956.32", 2956.32), cell("-240.38", -240.38), unsure], true, null);
  const doubted: Finding = {
    check: "content.payslip_net",
    severity: held.severity,
    score: held.score,
    message: `Net pay does not add up; ${held.reason}.`,
    page: 1,
    region: null,
    evidence: { source: "ocr", reading_confidence: 66, ...repairEvidence(held) },
  };

  it("holds a break down to medium while a figure of it was read unsurely", () => {
    expect(held).toMatchObject({ severity: "medium", score: 0.45 });
    expect(doubted.evidence?.ocr_doubt).toMatchObject({
      figures: [{ read: "3,715.94", confidence: 66 }],
      rest: 90,
      uncapped: { severity: "high", score: 0.7 },
    });
  });

  it("lets the break weigh in full when the figure reads the same, surely, on its own", async () => {
    const [again] = await rereadExcusedFigures(ctx, [doubted], reading("3,715.94", 88));
    expect(again).toMatchObject({ severity: "high", score: 0.7 });
    expect(again!.evidence).toMatchObject({ reading_confidence: 88, ocr_doubt: { confirmed: true } });
    expect(again!.message).toContain('"3,715.94", read by OCR unsurely, reads the same a second time on its own');
    expect(again!.message).not.toContain("may be misread");
  });

  it("keeps it held down when the second reading differs by a digit, is unsure, or fails", async () => {
    for (const reader of [reading("3,775.94"), reading("13,715.94"), reading("3,715.94", 60), async () => null]) {
      const [again] = await rereadExcusedFigures(ctx, [doubted], reader);
      expect(again).toMatchObject({ severity: "medium", score: 0.45, message: doubted.message });
      expect(again!.evidence).toMatchObject({ reading_confidence: 66, ocr_doubt: { confirmed: false } });
    }
  });
});

describe("what a second reading sees", () => {
  it("takes the figure with room above and below, but not the colon of its label a word-space before it", () => {
    // "Total credits: 89" at 12 px type on a 1240 px wide page: the colon ends 6 px before the 8.
    const page = { width: 1240, height: 1754 };
    const figure = { x: 254 / 1240, y: 785 / 1754, width: 22 / 1240, height: 16 / 1754 };
    const crop = figureCrop(page, figure);
    expect(crop.left).toBeGreaterThan(254 - 6);
    expect(crop.left + crop.width).toBeLessThanOrEqual(254 + 22 + 6);
    expect(crop.top).toBeLessThanOrEqual(785 - 5);
    expect(crop.top + crop.height).toBeGreaterThanOrEqual(785 + 16 + 5);
  });
});
