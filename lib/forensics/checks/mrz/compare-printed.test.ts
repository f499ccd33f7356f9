import { describe, expect, it } from "vitest";
import { comparePrinted } from "./compare-printed";
import { parseMrz } from "./parse-mrz";

// The German specimen passport (ERIKA MUSTERMANN): the zone writes the nationality "D<<".
const GERMAN = ["P<D<<MUSTERMANN<<ERIKA<<<<<<<<<<<<<<<<<<<<<<", "C01X00T478D<<6408125F2702283<<<<<<<<<<<<<<<4"];

describe("comparePrinted: nationality", () => {
  const mrz = parseMrz(GERMAN, { fromOcr: false })!;

  it("reads Germany's zone code D as the printed DEU", () => {
    expect(mrz.nationality?.replace(/</g, "")).toBe("D");
    expect(comparePrinted(mrz, { nationality: "DEU" }, false)).toEqual([]);
  });

  it("still reports another printed nationality", () => {
    expect(comparePrinted(mrz, { nationality: "AUT" }, false)).toEqual([
      { field: "nationality", mrz: mrz.nationality, printed: "AUT" },
    ]);
  });

  it("holds no printed nationality against the zone that is no country's code: a misreading of the print", () => {
    expect(comparePrinted(mrz, { nationality: "iti" }, true)).toEqual([]);
    expect(comparePrinted(mrz, { nationality: "DEV" }, true)).toEqual([]);
  });
});

describe("comparePrinted: document number read by OCR", () => {
  const mrz = parseMrz(GERMAN, { fromOcr: false })!;

  it("takes a printed T read as a 7 for the zone's number (C01X00T47 printed, read C01X00747)", () => {
    expect(mrz.documentNumber).toBe("C01X00T47");
    expect(comparePrinted(mrz, { document_number: "C01X00747" }, true)).toEqual([]);
  });

  it("still reports a number with a digit changed", () => {
    expect(comparePrinted(mrz, { document_number: "C01X00T48" }, true)).toEqual([
      { field: "document_number", mrz: "C01X00T47", printed: "C01X00T48" },
    ]);
  });
});

describe("comparePrinted: holder name", () => {
  const mrz = parseMrz(GERMAN, { fromOcr: false })!;

  it("holds a lone letter against no name: a sex column's F read beside the surname's caption", () => {
    expect(comparePrinted(mrz, { holder_name: "F" }, true)).toEqual([]);
    // Letters read where a name was overwritten are still held against it.
    expect(comparePrinted(mrz, { holder_name: "A M" }, true)).toMatchObject([{ field: "holder_name" }]);
  });

  it("still reports a name of its own", () => {
    expect(comparePrinted(mrz, { holder_name: "ERIKA MUELLER" }, false)).toMatchObject([{ field: "holder_name" }]);
    expect(comparePrinted(mrz, { holder_name: "ERIKA MUSTERMANN" }, false)).toEqual([]);
  });
});
