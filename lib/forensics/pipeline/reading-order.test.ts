import { describe, expect, it } from "vitest";
import type { TextItem } from "../context";
import { rowsOf } from "./reading-order";

// A label/value form as OCR boxes it: labels in a left column, values in a right one, lines 2.5 %
// of the page apart, photographed with the page falling by `slope` (dy/dx in page fractions).
const FORM = [
  ["Holder:", "Olga Varga"],
  ["Certificate no:", "YSE563-873995"],
  ["Date of issue:", "28/09/2023"],
  ["Valid until:", "18/08/2026"],
  ["Issued by:", "European Safety Training Institute"],
  ["Course:", "Working at height"],
];

function form(slope: number, top = 0.3, lines: readonly string[][] = FORM): TextItem[] {
  const height = 0.012;
  return lines.flatMap(([label, value], row) => {
    const y = top + row * 0.025;
    return [
      { text: label, x: 0.1, width: 0.15 },
      { text: value, x: 0.6, width: 0.2 },
    ].map(({ text, x, width }) => ({
      text,
      x,
      width,
      height,
      y: y + slope * (x + width / 2 - 0.1),
      source: "ocr" as const,
      confidence: 90,
    }));
  });
}

const expected = FORM.map(([label, value]) => `${label}  ${value}`);

describe("rows in reading order", () => {
  it("pairs each label with its value on a level page", () => {
    expect(rowsOf(form(0)).map((r) => r.text)).toEqual(expected);
  });

  it("keeps a label and its value in one row on a tilted photo, where the value sits at the next label's height", () => {
    // Half a line height lower on the right than on the left: grouping by height alone would
    // join each value to the next row's label.
    expect(rowsOf(form(0.024)).map((r) => r.text)).toEqual(expected);
    expect(rowsOf(form(-0.024)).map((r) => r.text)).toEqual(expected);
  });

  it("keeps each label with its value where a photo's perspective tilts the page's foot but not its top", () => {
    const lines = [...FORM, ...FORM.slice(0, 3)];
    const rows = rowsOf([...form(0, 0.05, lines), ...form(0.024, 0.55, lines)]).map((r) => r.text);
    const both = lines.map(([label, value]) => `${label}  ${value}`);
    expect(rows).toEqual([...both, ...both]);
  });

  it("keeps the page's tilt where the foot of a photo is a table whose own tilt is no clearer than level", () => {
    // A payslip's table: one-word labels at the left, amounts far right, rows as far apart as the
    // tilt drops across the page, so that level each amount lines up with the label above its own
    // as well as tilted with its own: the foot alone cannot tell its tilt from level.
    const slope = -0.02;
    const pitch = -slope * (0.885 - 0.14);
    const at = (text: string, x: number, width: number, y: number): TextItem => ({
      text,
      x,
      width,
      height: 0.009,
      y: y + slope * (x + width / 2 - 0.1),
      source: "ocr",
      confidence: 90,
    });
    const table = [
      ["Salary", "2,729.34"],
      ["Bonus", "110.34"],
      ["Gross", "2,839.68"],
      ["Tax", "-446.96"],
      ["Insurance", "-265.51"],
      ["Pension", "-121.48"],
    ];
    const footer = "Amounts in EUR. Please keep this document for your records.".split(" ");
    const items = [
      ...form(slope, 0.05, [...FORM, ...FORM]),
      ...table.flatMap(([label, amount], row) => [
        at(label as string, 0.1, 0.08, 0.5 + row * pitch),
        at(amount as string, 0.85, 0.07, 0.5 + row * pitch),
      ]),
      ...footer.map((word, i) => at(word, 0.1 + i * 0.045, 0.04, 0.5 + 7 * pitch)),
    ];
    const rows = rowsOf(items).map((r) => r.text);
    for (const [label, amount] of table) expect(rows).toContain(`${label}  ${amount}`);
  });

  it("keeps a name printed several times larger than the body text on one line", () => {
    const name = ["Olga", "Varga"].map((text, i) => ({
      text,
      x: 0.38 + i * 0.12,
      width: 0.1,
      y: 0.2 + i * 0.001,
      height: 0.033 - i * 0.002,
      source: "ocr" as const,
      confidence: 90,
    }));
    const rows = rowsOf([...form(0), ...name]).map((r) => r.text);
    expect(rows[0]).toBe("Olga Varga");
    expect(rows.slice(1)).toEqual(expected);
  });

  it("keeps a display-size name on one line when one word's box falls just under display size", () => {
    // "Singh" has a descender, "Giulia" none: OCR boxes them 0.045 and 0.028 high on one line.
    const name = [
      { text: "Giulia", x: 0.3, width: 0.095, y: 0.2, height: 0.028 },
      { text: "Singh", x: 0.41, width: 0.092, y: 0.2, height: 0.045 },
    ].map((w) => ({ ...w, source: "ocr" as const, confidence: 90 }));
    const rows = rowsOf([...form(0), ...name]).map((r) => r.text);
    expect(rows[0]).toBe("Giulia Singh");
    expect(rows.slice(1)).toEqual(expected);
  });

  it("keeps a caption and the value printed just under it apart, though OCR boxed a word of both lines at once", () => {
    // A passport's small captions over their values: "Given names" over NOAH, "Date of expiry"
    // over 24 OCT 2030, where OCR's box for OCT also took the caption's last letters, two lines high.
    const word = (text: string, x: number, y: number, width: number, height: number) => ({
      text,
      x,
      y,
      width,
      height,
      source: "ocr" as const,
      confidence: 90,
    });
    const page = (ocT: { y: number; height: number }) => [
      word("Surname", 0.27, 0.169, 0.05, 0.013),
      word("LINDQVIST", 0.271, 0.192, 0.104, 0.022),
      word("12", 0.63, 0.193, 0.021, 0.02),
      word("MAY", 0.658, 0.192, 0.041, 0.021),
      word("2020", 0.706, 0.193, 0.042, 0.02),
      word("Given", 0.27, 0.225, 0.031, 0.013),
      word("names", 0.307, 0.228, 0.037, 0.01),
      word("Date", 0.631, 0.225, 0.025, 0.012),
      word("of", 0.661, 0.225, 0.009, 0.012),
      word("expiry", 0.675, 0.225, 0.026, 0.012),
      word("NOAH", 0.271, 0.248, 0.055, 0.021),
      word("24", 0.63, 0.249, 0.021, 0.02),
      word("OCT", 0.658, ocT.y, 0.041, ocT.height),
      word("2030", 0.703, 0.249, 0.045, 0.02),
      word("Nationality", 0.27, 0.277, 0.058, 0.022),
      word("ITA", 0.271, 0.303, 0.028, 0.02),
    ];
    const rows = (ocT: { y: number; height: number }) => rowsOf(page(ocT)).map((r) => r.text);
    const expected = [
      "Surname",
      "LINDQVIST  12 MAY 2020",
      "Given names  Date of expiry",
      "NOAH  24 OCT 2030",
      "Nationality",
      "ITA",
    ];
    expect(rows({ y: 0.228, height: 0.041 })).toEqual(expected);
    // Its twin boxed line by line reads the same.
    expect(rows({ y: 0.249, height: 0.02 })).toEqual(expected);
  });
});

describe("rows of a photographed table whose figures OCR boxed with its rules", () => {
  // A statement's rows 2.5 % of the page apart, falling by 0.015 across the page: the rules between
  // rows cross a figure's column about where its text is, and OCR's box for it may take them in.
  const ROWS = [
    ["23/06/2026", "Café Aurora", "-109.71", "7,506.43"],
    ["25/06/2026", "Online Books", "-208.26", "7,298.17"],
    ["28/06/2026", "Salary Halvorsen", "3,129.01", "10,427.18"],
    ["02/07/2026", "Fuel Station 24", "-58.94", "10,368.24"],
    ["03/07/2026", "Restaurant Olivo", "-124.17", "10,244.07"],
  ];
  const COLUMNS = [
    { x: 0.1, width: 0.08 },
    { x: 0.3, width: 0.12 },
    { x: 0.65, width: 0.06 },
    { x: 0.82, width: 0.07 },
  ];
  const height = 0.01;
  /** Each cell's box; `stretch` gives one cell's box a rule over and under it, or under it only. */
  function table(stretch: Record<string, "both" | "under">): TextItem[] {
    return ROWS.flatMap((cells, row) =>
      cells.map((text, c) => {
        const { x, width } = COLUMNS[c]!;
        const y = 0.4 + row * 0.025 - 0.015 * (x + width / 2 - 0.1);
        const ruled = stretch[text];
        return {
          text,
          x,
          width,
          y: ruled === "both" ? y - 0.009 : y,
          height: ruled === "both" ? height + 0.018 : ruled === "under" ? height + 0.016 : height,
          source: "ocr" as const,
          confidence: 90,
        };
      }),
    );
  }
  const expected = ROWS.map((cells) => cells.join("  "));

  it("keeps a figure boxed with the rules over and under it, or under it only, in its own row", () => {
    expect(rowsOf(table({})).map((r) => r.text)).toEqual(expected);
    expect(rowsOf(table({ "-208.26": "both", "10,244.07": "under" })).map((r) => r.text)).toEqual(expected);
  });

  it("still sets a display name, taller and as much wider, on a line of its own", () => {
    const name = { text: "Varga", x: 0.3, width: 0.2, y: 0.3, height: 0.03, source: "ocr" as const, confidence: 90 };
    const rows = rowsOf([...table({}), name]).map((r) => r.text);
    expect(rows).toEqual(["Varga", ...expected]);
  });
});
