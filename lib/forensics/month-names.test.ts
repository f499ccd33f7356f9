import { describe, expect, it } from "vitest";
import { findDates } from "./checks/content/parse-date";
import { monthOfName, monthOfPrinted } from "./month-names";
import { parseDate } from "./pipeline/field-values";

describe("month names as identity documents and credentials print them", () => {
  it("reads national abbreviations with their accents folded", () => {
    expect(["JANV", "FÉVR", "MÄR", "MRT", "GIU", "AOÛT", "paź", "DEZ"].map(monthOfName)).toEqual([
      1, 2, 3, 3, 6, 8, 10, 12,
    ]);
    expect(monthOfName("Main")).toBeNull();
  });

  it("reads a bilingual month only when both halves name the same month", () => {
    expect(monthOfPrinted("JUIN", "JUN")).toBe(6);
    expect(monthOfPrinted("JUIN", "JAN")).toBeNull();
  });
});

describe("dates in the forms identity documents print", () => {
  it.each([
    ["03 JUIN/JUN 23", "2023-06-03"],
    ["02 JANV/JAN 1970", "1970-01-02"],
    ["12 FÉVR/FEB 1990", "1990-02-12"],
    ["15 MRT/MAR 2031", "2031-03-15"],
    ["26 04 1976", "1976-04-26"],
  ])("%s → %s, in both date readers", (text, iso) => {
    expect(findDates(text).map((d) => d.isos)).toEqual([[iso]]);
    expect(parseDate(text)).toBe(iso);
  });

  it("reads no date from a bilingual month whose halves disagree, nor from a run of table figures", () => {
    expect(findDates("03 JUIN/JAN 23")).toEqual([]);
    expect(parseDate("03 JUIN/JAN 23")).toBeNull();
    expect(findDates("1 26 04 1976")).toEqual([]);
    expect(findDates("26 04 1976 5")).toEqual([]);
    expect(findDates("Remar 15, 2024")).toEqual([]);
  });
});
