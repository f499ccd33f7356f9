import { describe, expect, it } from "vitest";
import { contentFindings } from "./index";
import type { FigureReader } from "./reread-figures";
import { rereadUnseparatedFigures } from "./unseparated-figures";
import { type RowSpec, makeContext, findingIds as ids, fixedReading } from "@/tests/forensics-support/content-context";

const NOW = new Date("2026-11-01T00:00:00Z");

/** A photographed payslip whose bold net pay, in a bordered cell, page OCR read as "[537236". */
const rows = (net: string): RowSpec[] => [
  "Meridian Foods S.A. PAY ADVICE",
  [
    [0.14, "Base salary"],
    [0.84, "5,334.60"],
  ],
  [
    [0.14, "Bonus"],
    [0.85, "629.18"],
  ],
  [
    [0.14, "Gross pay"],
    [0.84, "5,963.78"],
  ],
  [
    [0.14, "Income tax"],
    [0.83, "-1,335.79"],
  ],
  [
    [0.14, "Social security"],
    [0.84, "-557.61"],
  ],
  [
    [0.14, "Pension"],
    [0.84, "-198.02"],
  ],
  [
    [0.14, "Net pay"],
    [0.84, net],
  ],
];

function photographed(net: string) {
  const ctx = makeContext({ docType: "payslip", pages: [{ rows: rows(net), source: "ocr", confidence: 96 }] });
  for (const item of ctx.pages[0]!.text) if (item.text === net) item.confidence = 47;
  return ctx;
}

const reader = (text: string, confidence = 96) => fixedReading(text, confidence);

describe("figures whose separators page OCR lost", () => {
  it("reads the net pay again alone and weighs the payslip's sum on it: raised, then genuine", async () => {
    const raised = await rereadUnseparatedFigures(photographed("[537236"), reader("5,372.36"));
    expect(raised.pages[0]!.text.find((t) => t.text === "5,372.36")).toMatchObject({ confidence: 96 });
    // Net pay 1,500 above gross less every deduction, no single misread digit away.
    expect(ids(contentFindings(raised, NOW))).toEqual(["content.payslip_net:high"]);
    const genuine = await rereadUnseparatedFigures(photographed("[387236"), reader("3,872.36"));
    expect(contentFindings(genuine, NOW)).toEqual([]);
  });

  it("reads a figure again whose separators page OCR read as digits, when the second reading stands on the first", async () => {
    // "5,372.36" read as "54372236!": the comma as a 4, the point as a 2, the cell's border as "!".
    const raised = await rereadUnseparatedFigures(photographed("54372236!"), reader("5,372.36"));
    expect(ids(contentFindings(raised, NOW))).toEqual(["content.payslip_net:high"]);
    // Its last digit misread too ("34872231!" for "3,872.36"): one digit the second reading corrects.
    const genuine = await rereadUnseparatedFigures(photographed("34872231!"), reader("3,872.36"));
    expect(genuine.pages[0]!.text.some((t) => t.text === "3,872.36")).toBe(true);
    expect(contentFindings(genuine, NOW)).toEqual([]);
    // Two digits apart, another length, or a separator where the first reading has a letter: another figure.
    for (const [first, again] of [
      ["54372236!", "5,872.86"],
      ["54372236!", "15,372.36"],
      ["5A372236", "5,372.36"],
    ] as const) {
      const ctx = photographed(first);
      expect(await rereadUnseparatedFigures(ctx, reader(again))).toBe(ctx);
    }
  });

  it("keeps the first reading when the second has other digits, no amount's shape or no sureness", async () => {
    for (const again of [reader("5,872.36"), reader("537236"), reader("5,372.36", 40)]) {
      const ctx = photographed("[537236");
      expect(await rereadUnseparatedFigures(ctx, again)).toBe(ctx);
    }
    // Without a net pay figure the payslip's sum is not checked.
    expect(contentFindings(photographed("[537236"), NOW)).toEqual([]);
  });

  it("reads nothing again on a text layer, in a sure reading, or on a page with no amounts", async () => {
    let calls = 0;
    const counting: FigureReader = async () => (calls++, { text: "5,372.36", confidence: 96 });
    const layer = makeContext({ docType: "payslip", pages: [{ rows: rows("537236"), source: "pdf" }] });
    await rereadUnseparatedFigures(layer, counting);
    const sure = makeContext({ docType: "payslip", pages: [{ rows: rows("537236"), source: "ocr", confidence: 96 }] });
    await rereadUnseparatedFigures(sure, counting);
    const phoneNumber = makeContext({
      pages: [
        {
          rows: [
            [
              [0.1, "Call"],
              [0.3, "(0123456"],
            ],
          ],
          source: "ocr",
          confidence: 40,
        },
      ],
    });
    await rereadUnseparatedFigures(phoneNumber, counting);
    expect(calls).toBe(0);
  });
});

describe("figures whose decimal point page OCR read as a space", () => {
  /** A photographed statement's credit read as two words, "2,454" and "68", `gap` apart (page fraction). */
  const split = (gap = 0.004) =>
    makeContext({
      docType: "bank_statement",
      pages: [
        {
          rows: [
            [
              [0.1, "24.06.2026"],
              [0.3, "Salary"],
              [0.7, "2,955.26"],
              [0.85, "5,850.12"],
            ],
            [
              [0.1, "25.06.2026"],
              [0.3, "Salary"],
              [0.7, "2,454"],
              [0.7 + 5 * 0.008 + gap, "68"],
              [0.85, "12,304.80"],
            ],
          ],
          source: "ocr",
          confidence: 95,
        },
      ],
    });

  it("reads the two words again together and takes them as one amount when the reading has their digits", async () => {
    const read = await rereadUnseparatedFigures(split(), reader("2,454.68", 70));
    const texts = read.pages[0]!.text.map((t) => t.text);
    expect(texts).toContain("2,454.68");
    expect(texts).not.toContain("68");
    expect(texts).not.toContain("2,454");
  });

  it("keeps them apart when the reading has other digits, or when they stand a word space apart or more", async () => {
    const other = split();
    expect(await rereadUnseparatedFigures(other, reader("2,454.66", 90))).toBe(other);
    let calls = 0;
    const counting: FigureReader = async () => (calls++, { text: "2,454.68", confidence: 96 });
    await rereadUnseparatedFigures(split(0.03), counting);
    expect(calls).toBe(0);
  });
});
