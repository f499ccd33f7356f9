import { describe, expect, it } from "vitest";
import { namePlaceFindings } from "./name-place";
import { type RowSpec, makeContext } from "@/tests/forensics-support/content-context";

/** A row of single words, each at its x (OCR reads words one by one). */
const words = (...cells: Array<[number, string]>): RowSpec => cells;

/** A payslip read by OCR: the employee's name after its caption, a table with a currency header. */
function payslip(first: string, last = "Dubois"): RowSpec[] {
  return [
    words([0.08, "Halvorsen"], [0.2, "Logistics"], [0.35, "GmbH"]),
    words([0.08, "Employee"], [0.3, first], [0.3 + first.length * 0.008 + 0.01, last]),
    words([0.08, "Position"], [0.3, "Analyst"]),
    words([0.08, "Description"], [0.5, "Earnings"], [0.6, "(EUR)"]),
    words([0.08, "Base"], [0.13, "salary"], [0.6, "4,459.46"]),
    words([0.08, "Income"], [0.15, "tax"], [0.6, "-580.57"]),
  ];
}

const run = (rows: RowSpec[]) =>
  namePlaceFindings(makeContext({ docType: "payslip", pages: [{ rows, source: "ocr" }] }));

describe("a word of the page's print in the holder's name place", () => {
  it("finds a column header cloned over the given name, and nothing on its genuine twin", () => {
    expect(run(payslip("Hannah"))).toEqual([]);
    const [found, ...more] = run(payslip("(EUR)"));
    expect(more).toEqual([]);
    expect(found).toMatchObject({ check: "content.name_place", severity: "high" });
    expect(found?.evidence).toMatchObject({ read: "(EUR)", form_words: ["(EUR)"] });
  });

  it("finds a code run into what is left of the name, and not a name-shaped word of the form", () => {
    const rows = (first: string): RowSpec[] => [
      ...payslip(first, "Rossi"),
      words([0.08, "DIS306"], [0.2, "Discrete"], [0.32, "Mathematics"]),
    ];
    expect(run(rows("DIS306ssi")).map((f) => f.evidence?.form_words)).toEqual([["DIS306"]]);
    // "Analyst" is printed on the page, but a word shaped as a name may be one.
    expect(run(rows("Analyst"))).toEqual([]);
  });

  it("takes the holder's name printed again for the name, not for the form", () => {
    const rows = [...payslip("d'Alembert", "Silva"), words([0.08, "Dear"], [0.15, "d'Alembert"], [0.25, "Silva"])];
    expect(run(rows)).toEqual([]);
  });
});
