import { describe, expect, it } from "vitest";
import { parseAmounts, parseDate, parseDates, parseMonth } from "./field-values";

describe("dates as printed", () => {
  it.each([
    ["Conferred on 12 June 2023", "2023-06-12"],
    ["Given this 12th day of June, 2023", "2023-06-12"],
    ["June 12, 2023", "2023-06-12"],
    ["DOB 01/02/1990", "1990-02-01"],
    ["12/31/2020", "2020-12-31"],
    ["2023-06-12", "2023-06-12"],
    ["12 JUN 23", "2023-06-12"],
    ["05.03.2031", "2031-03-05"],
  ])("%s → %s", (text, iso) => expect(parseDate(text)).toBe(iso));

  it("rejects impossible dates", () => {
    expect(parseDate("31.02.2020")).toBeNull();
    expect(parseDate("no date here")).toBeNull();
  });

  it("finds every date in order, and months", () => {
    expect(parseDates("Period: 01/06/2024 - 30/06/2024")).toEqual(["2024-06-01", "2024-06-30"]);
    expect(parseMonth("Pay period June 2024")).toBe("2024-06");
  });
});

describe("amounts as printed", () => {
  it("reads separators, currencies and signs", () => {
    expect(parseAmounts("Net pay  £2,345.67")).toEqual([2345.67]);
    expect(parseAmounts("Tax (123.40)")).toEqual([-123.4]);
    expect(parseAmounts("Salary 3 000.00 and 1.234,56")).toEqual([3000, 1234.56]);
    expect(parseAmounts("Balance 1,200.00 DR")).toEqual([-1200]);
    expect(parseAmounts("100.00 - 200.00")).toEqual([100, 200]);
  });

  it("ignores bare integers (years, ids, quantities)", () => {
    expect(parseAmounts("2024 employee 12345")).toEqual([]);
  });
});
