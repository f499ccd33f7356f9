import { describe, expect, it } from "vitest";
import type { TextItem } from "../../context";
import { rowsOfPage, ruleRow } from "./text-rows";

const row = (text: string, width: number, source: TextItem["source"] = "ocr") =>
  rowsOfPage({ page: 1, text: [{ text, x: 0.1, y: 0.3, width, height: 0.01, source, confidence: 20 }] })[0]!;

describe("rows a table's rule made", () => {
  it("are marks alone, a stroke or two OCR read as l or I, or letters stretched across the page", () => {
    expect(ruleRow(row("|", 0.002))).toBe(true);
    expect(ruleRow(row("———", 0.7, "pdf"))).toBe(true);
    expect(ruleRow(row("l", 0.002))).toBe(true);
    expect(ruleRow(row("eee", 0.72))).toBe(true);
  });

  it("are never a word, nor a stroke a text layer prints as a letter", () => {
    expect(ruleRow(row("eee", 0.03))).toBe(false);
    expect(ruleRow(row("Pension", 0.08))).toBe(false);
    expect(ruleRow(row("l", 0.002, "pdf"))).toBe(false);
  });
});
