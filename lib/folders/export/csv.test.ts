import { describe, expect, it } from "vitest";
import { csvCell, toCsv } from "./csv";

describe("csv", () => {
  it("quotes cells with commas, quotes and line breaks, doubling the quotes (RFC 4180)", () => {
    expect(csvCell('Eriksson, "Anna"')).toBe('"Eriksson, ""Anna"""');
    expect(csvCell("line one\nline two")).toBe('"line one\nline two"');
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell(null)).toBe("");
    expect(csvCell(0.93)).toBe("0.93");
  });

  it("neutralises every cell a spreadsheet would run as a formula", () => {
    for (const hostile of ['=HYPERLINK("http://x")', "+1+1", "-2+3", "@SUM(A1)", "\t=1", "\r=1"]) {
      const cell = csvCell(hostile);
      expect(cell.replace(/^"/, "")).toMatch(/^'/);
    }
    expect(csvCell("=cmd|' /C calc'!A0")).toBe("'=cmd|' /C calc'!A0");
  });

  it("writes a byte-order mark and CRLF rows", () => {
    expect(toCsv(["a", "b"], [["Müller", 1]])).toBe("\uFEFFa,b\r\nMüller,1\r\n");
  });
});
