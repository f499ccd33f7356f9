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

function form(slope: number): TextItem[] {
  const height = 0.012;
  return FORM.flatMap(([label, value], row) => {
    const y = 0.3 + row * 0.025;
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
});
