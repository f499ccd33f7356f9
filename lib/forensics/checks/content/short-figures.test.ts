import { describe, expect, it } from "vitest";
import { contentFindings } from "./index";
import { rereadLongFigures, rereadShortFigures } from "./short-figures";
import {
  type RowSpec,
  makeContext,
  right,
  findingIds as ids,
  fixedReading,
} from "@/tests/forensics-support/content-context";

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

const reader = (text: string, confidence = 94) => fixedReading(text, confidence);

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

/** A scanned statement whose "85.40" page OCR read "865.40", in the room of the "85.40". */
function statement(first: string, printed = "85.40"): ReturnType<typeof makeContext> {
  const rows: RowSpec[] = [
    "FIRST BANK - Account statement",
    [[0.08, "Date"], [0.22, "Description"], right(0.62, "Paid out"), right(0.9, "Balance")],
    [[0.08, "01/03/2024"], [0.22, "Opening balance"], right(0.9, "2,300.00")],
    [[0.08, "09/03/2024"], [0.22, "Groceries"], right(0.62, first), right(0.9, "2,214.60")],
    [[0.08, "12/03/2024"], [0.22, "Pharmacy"], right(0.62, "14.10"), right(0.9, "2,200.50")],
    [[0.08, "20/03/2024"], [0.22, "Electricity"], right(0.62, "64.10"), right(0.9, "2,136.40")],
  ];
  const ctx = makeContext({ docType: "bank_statement", pages: [{ rows, source: "ocr", confidence: 96 }] });
  const read = ctx.pages[0]!.text.find((t) => t.text === first)!;
  const room = read.width / first.length;
  read.x += read.width - room * printed.length;
  read.width = room * printed.length;
  read.confidence = 62;
  return ctx;
}

describe("figures OCR read long", () => {
  it("reads again a figure read with more characters than its box holds, and judges the balances on it", async () => {
    const ctx = statement("865.40");
    // As read, the balance breaks by 780.00 (a reading at 62: medium).
    expect(ids(contentFindings(ctx, NOW))).toEqual(["content.running_balance:medium"]);
    const again = await rereadLongFigures(ctx, reader("85.40", 57));
    expect(again.pages[0]!.text.find((t) => t.text === "85.40")).toMatchObject({ confidence: 57 });
    expect(contentFindings(again, NOW)).toEqual([]);
  });

  it("keeps the first reading when the box holds it, or the second reading is another figure", async () => {
    // Printed as read (a forger's 865.40 takes its six characters' room): nothing to read again.
    const printed = statement("865.40", "865.40");
    expect(await rereadLongFigures(printed, reader("85.40"))).toBe(printed);
    for (const again of [reader("95.40"), reader("56.40"), reader("8.40"), reader("85.40", 40)]) {
      const ctx = statement("865.40");
      expect(await rereadLongFigures(ctx, again)).toBe(ctx);
    }
  });
});
