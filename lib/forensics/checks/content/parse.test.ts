import { describe, expect, it } from "vitest";
import { findAmounts, parseNumber } from "./parse-amount";
import { findDates, parseDate } from "./parse-date";

describe("amounts", () => {
  it.each([
    ["1,234.56", 1234.56],
    ["1.234,56", 1234.56],
    ["1 234,56", 1234.56],
    ["1'234.56", 1234.56],
    ["1234.5", 1234.5],
    ["12,50", 12.5],
    ["1,234,567.00", 1234567],
  ])("parses %s", (raw, value) => expect(parseNumber(raw)).toBe(value));

  it("finds signed amounts with currencies and skips dates, times, percentages and bare integers", () => {
    const found = findAmounts(
      "15.03.2024 10:30 Tax 20.00% ref 123456 Rent -€ 850,00 (12.40) 99.99 DR $1,200 EUR 3.000,00",
    );
    expect(found.map((a) => a.value)).toEqual([-850, -12.4, -99.99, 1200, 3000]);
  });

  it("reads an overdrawn balance marked OD or O/D as negative, and CR as positive", () => {
    expect(findAmounts("Card payment\t54.20\t66.00 OD").map((a) => a.value)).toEqual([54.2, -66]);
    expect(findAmounts("Rent\t1,150.00\t1,020.50 O/D").map((a) => a.value)).toEqual([1150, -1020.5]);
    expect(findAmounts("Salary\t1,450.00\t1,329.80 CR").map((a) => a.value)).toEqual([1450, 1329.8]);
  });

  it("keeps table columns apart", () => {
    expect(findAmounts("Overtime\t40\t160.00").map((a) => a.value)).toEqual([160]);
  });
});

describe("dates", () => {
  it("reads the usual printed forms", () => {
    expect(parseDate("2024-03-15")).toBe("2024-03-15");
    expect(parseDate("15/03/2024")).toBe("2024-03-15");
    expect(parseDate("March 15, 2024")).toBe("2024-03-15");
    expect(parseDate("15 Mar 2024")).toBe("2024-03-15");
    expect(parseDate("15-MAR-24")).toBe("2024-03-15");
    expect(parseDate("1st of May 2024")).toBe("2024-05-01");
    expect(parseDate("15. März 2024")).toBe("2024-03-15");
  });

  it("parses the written forms of other languages and of formal wording", () => {
    expect(parseDate("Madrid, 15 de marzo de 2024")).toBe("2024-03-15");
    expect(parseDate("Lisboa, 3 de março de 2021")).toBe("2021-03-03");
    expect(parseDate("le 1er juin 2020")).toBe("2020-06-01");
    expect(parseDate("Given this 15th day of March, 2024")).toBe("2024-03-15");
    expect(parseDate("15/Mar/2024")).toBe("2024-03-15");
    expect(parseDate("Zagreb, 15. 3. 2024.")).toBe("2024-03-15");
    // Their twins: no month word, or no year, is no date.
    expect(findDates("15 de las 20 plazas de 2024")).toEqual([]);
    expect(findDates("the 15th day of March")).toEqual([]);
    expect(findDates("Total 15. 3. 20")).toEqual([]);
  });

  it("returns both readings of an ambiguous numeric date", () => {
    expect(findDates("on 03/04/2024")[0]?.isos.sort()).toEqual(["2024-03-04", "2024-04-03"]);
    expect(parseDate("03/04/2024")).toBeNull();
    expect(findDates("31/02/2024")).toEqual([]);
  });
});
