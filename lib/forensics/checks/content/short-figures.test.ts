import { describe, expect, it } from "vitest";
import { contentFindings } from "./index";
import type { FigureReader } from "./reread-figures";
import { rereadShortFigures } from "./short-figures";
import { type RowSpec, makeContext } from "@/tests/forensics-support/content-context";

const NOW = new Date("2026-11-01T00:00:00Z");

/** A scanned transcript whose "15" page OCR read as "5", in the box of the "15". */
const rows = (total: string): RowSpec[] => [
  [
    [0.1, "Code"],
    [0.29, "Module"],
    [0.69, "Credits"],
    [0.84, "Mark"],
  ],
  [
    [0.1, "DAT379"],
    [0.29, "Data Structures"],
    [0.815, "20"],
    [0.919, "82%"],
  ],
  [
    [0.1, "LIN406"],
    [0.29, "Linear Algebra"],
    [0.815, "10"],
    [0.919, "89%"],
  ],
  [
    [0.1, "SOF126"],
    [0.29, "Software Engineering"],
    [0.814, "5"],
    [0.918, "85%"],
  ],
  [
    [0.1, "STA208"],
    [0.29, "Statistics"],
    [0.814, "10"],
    [0.917, "64%"],
  ],
  `Total credits: ${total} Average: 80.0`,
];

function scanned(total: string) {
  const ctx = makeContext({ docType: "transcript", pages: [{ rows: rows(total), source: "ocr", confidence: 96 }] });
  const five = ctx.pages[0]!.text.find((t) => t.text === "5")!;
  five.width = 0.016;
  five.confidence = 33;
  return ctx;
}

const reader =
  (text: string, confidence = 94): FigureReader =>
  async () => ({ text, confidence });
const ids = (f: { check: string; severity: string }[]) => f.map((x) => `${x.check}:${x.severity}`);

describe("figures OCR read short", () => {
  it("reads the short figure again and judges the credit total on it: raised, then genuine", async () => {
    const raised = await rereadShortFigures(scanned("67"), reader("15"));
    expect(raised.pages[0]!.text.find((t) => t.text === "15")).toMatchObject({ confidence: 94 });
    expect(ids(contentFindings(raised, NOW))).toEqual(["content.transcript_credits:high"]);
    expect(contentFindings(await rereadShortFigures(scanned("55"), reader("15")), NOW)).toEqual([]);
  });

  it("keeps the first reading when the second drops its digits, is unsure or still short", async () => {
    for (const again of [reader("18"), reader("15", 40), reader("5")]) {
      const ctx = await rereadShortFigures(scanned("67"), again);
      expect(ctx.pages[0]!.text.some((t) => t.text === "5")).toBe(true);
      // Still read short: the section is not judged.
      expect(contentFindings(ctx, NOW)).toEqual([]);
    }
  });
});
