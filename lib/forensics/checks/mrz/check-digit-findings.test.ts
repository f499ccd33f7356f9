import { describe, expect, it } from "vitest";
import { misreadCorrection } from "./check-digit-findings";
import type { MrzBlock } from "./find-mrz";
import { parseMrz } from "./parse-mrz";

// ICAO 9303's specimen zone, and its twin whose document number's first letter (L) reads as R.
const LINE1 = "P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<";
const LINE2 = "L898902C36UTO7408122F1204159ZE184226B<<<<<10";
const CHANGED = [LINE1, LINE2.replace(/^L/, "R")];
// The visual zone prints the original number.
const PRINTED = "PASSPORT\nPassport No L898902C3\nERIKSSON ANNA MARIA";

function reading(doubtful: MrzBlock["doubtful"]) {
  const block: MrzBlock = {
    page: 1,
    lines: CHANGED,
    region: null,
    confidence: 90,
    ocr: true,
    pass: "geometry",
    doubtful,
  };
  return { block, mrz: parseMrz(CHANGED, { fromOcr: true })! };
}

describe("misreadCorrection on a zone read from its pixels", () => {
  it("does not read a changed character back to the print when every glyph of the failed digits was clear", () => {
    expect(misreadCorrection(reading([]), PRINTED, [])).toBeNull();
  });

  it("corrects it when the glyphs of a failed digit were faint or nearly tied", () => {
    const corrected = misreadCorrection(reading(["document_number", "composite"]), PRINTED, []);
    expect(corrected).toMatchObject({ from: "R", gives: "document number" });
  });
});

describe("misreadCorrection of a glyph read twice", () => {
  // A photographed passport's zone whose "I" of ITA was read twice, its first line garbled.
  // Dropping the 5 of its number instead also makes every digit hold, the second I taken for the
  // number's check digit 1, and gives a number the print does not have.
  const lines = ["BETALINDQVIST<<HANNAHCCLCLLCLLLLLKL<<<<<<<<<", "G562698549IITA6804071F2908306<<<<<<<<<<<<<<02"];
  const block: MrzBlock = {
    page: 1,
    lines,
    region: null,
    confidence: 80,
    ocr: true,
    pass: "geometry",
    doubtful: ["date_of_birth", "expiry_date", "optional_data", "composite"],
  };
  const printed = "PASSPORT\nPassport No G56269854\nDate of birth 07 APR 1968";

  it("drops the glyph that stands beside itself, not one that settles the digits by chance", () => {
    const corrected = misreadCorrection({ block, mrz: parseMrz(lines, { fromOcr: true })! }, printed, ["680407"]);
    expect(corrected).toMatchObject({ from: "I", to: "" });
    expect(corrected?.mrz.documentNumber).toBe("G56269854");
  });
});
