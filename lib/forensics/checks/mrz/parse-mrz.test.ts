import { describe, expect, it } from "vitest";
import { checkDigit } from "./check-digit";
import { fitLineLength, parseMrz } from "./parse-mrz";

// Specimens from ICAO Doc 9303 (parts 4, 5, 6 and 7): the fictional state of Utopia.
const TD3 = ["P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<", "L898902C36UTO7408122F1204159ZE184226B<<<<<10"];
const TD1 = ["I<UTOD231458907<<<<<<<<<<<<<<<", "7408122F1204159UTO<<<<<<<<<<<6", "ERIKSSON<<ANNA<MARIA<<<<<<<<<<"];
const TD2 = ["I<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<", "D231458907UTO7408122F1204159<<<<<<<6"];
const MRVA = ["V<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<", "L8988901C4XXX4009078F96121096ZE184226B<<<<<<"];
const MRVB = ["V<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<", "L8988901C4XXX4009078F9612109<<<<<<<<"];

const allValid = (lines: string[], fromOcr = false) => {
  const parsed = parseMrz(lines, { fromOcr });
  expect(parsed).not.toBeNull();
  return parsed!;
};

describe("checkDigit", () => {
  it("computes the 7-3-1 digit over digits, letters and fillers", () => {
    expect(checkDigit("L898902C3")).toBe(6);
    expect(checkDigit("740812")).toBe(2);
    expect(checkDigit("ZE184226B<<<<<")).toBe(1);
    expect(checkDigit("a")).toBeNull();
  });
});

describe("parseMrz on the ICAO specimens", () => {
  it.each([
    ["TD3", TD3, 5],
    ["TD1", TD1, 4],
    ["TD2", TD2, 4],
    ["MRVA", MRVA, 3],
    ["MRVB", MRVB, 3],
  ])("parses %s with every check digit valid", (format, lines, checks) => {
    const parsed = allValid(lines);
    expect(parsed.format).toBe(format);
    expect(parsed.checks).toHaveLength(checks);
    expect(parsed.checks.filter((c) => !c.valid)).toEqual([]);
    expect(parsed.surname).toBe("ERIKSSON");
    expect(parsed.givenNames).toEqual(["ANNA", "MARIA"]);
  });

  it("reads the TD3 fields", () => {
    const parsed = allValid(TD3);
    expect(parsed).toMatchObject({
      documentCode: "P",
      issuingState: "UTO",
      documentNumber: "L898902C3",
      nationality: "UTO",
      sex: "F",
      birthDate: { raw: "740812", valid: true },
      expiryDate: { raw: "120415", valid: true },
      optionalData: "ZE184226B",
    });
  });

  it("reads a TD1 document number continued in the optional data", () => {
    const parsed = allValid([
      "I<UTOD23145890<AB112234566<<<<",
      "7408122F1204159UTO<<<<<<<<<<<4",
      "ERIKSSON<<ANNA<MARIA<<<<<<<<<<",
    ]);
    expect(parsed.documentNumber).toBe("D23145890AB11223456");
    expect(parsed.checks.find((c) => c.check === "document_number")?.valid).toBe(true);
  });

  it("flags a birth date changed without recomputing its check digit", () => {
    const forged = [TD3[0]!, TD3[1]!.replace("740812", "790812")];
    const parsed = allValid(forged);
    expect(parsed.checks.filter((c) => !c.valid).map((c) => c.check)).toEqual(["date_of_birth", "composite"]);
  });

  it("flags a composite check digit broken by a recomputed field", () => {
    // Forger recomputed the number's own digit (6 -> 7 for L898902C4) but not the composite.
    const forged = [TD3[0]!, TD3[1]!.replace("L898902C36", "L898902C47")];
    expect(checkDigit("L898902C4")).toBe(7);
    const parsed = allValid(forged);
    expect(parsed.checks.filter((c) => !c.valid).map((c) => c.check)).toEqual(["composite"]);
  });

  it("corrects OCR confusions where the layout only allows digits or letters", () => {
    const ocr = ["P<UT0ERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<", "L898902C36UT07408l22F12O4I59ZE184226B<<<<<1O"];
    const parsed = allValid(ocr, true);
    expect(parsed.checks.every((c) => c.valid)).toBe(true);
    expect(parsed.issuingState).toBe("UTO");
    expect(parsed.corrections.length).toBeGreaterThan(0);
  });

  it("explains a letter/digit confusion in an alphanumeric number as an OCR reading", () => {
    const ocr = [TD3[0]!, TD3[1]!.replace("L898902C3", "L8989O2C3")];
    const parsed = allValid(ocr, true);
    const number = parsed.checks.find((c) => c.check === "document_number")!;
    expect(number.valid).toBe(false);
    expect(number.ocrReading).toBe("L898902C3");
    // A digit changed to another digit has no such excuse.
    const edited = allValid([TD3[0]!, TD3[1]!.replace("L898902C3", "L898962C3")], true);
    expect(edited.checks.find((c) => c.check === "document_number")!.ocrReading).toBeUndefined();
    // From a PDF text layer there is no OCR excuse.
    expect(allValid(ocr, false).checks.find((c) => c.check === "document_number")!.ocrReading).toBeUndefined();
  });

  it("tolerates spaces, guillemets and a lost filler", () => {
    const parsed = allValid([
      "P«UTOERIKSSON«« ANNA«MARIA««««««««««««««««««",
      "L898902C36UTO7408122F1204159ZE184226B <<<<10",
    ]);
    expect(parsed.format).toBe("TD3");
    expect(parsed.checks.every((c) => c.valid)).toBe(true);
  });

  it("reads fillers that OCR turned into lower-case letters, and drops border specks", () => {
    const parsed = allValid(
      ["| P<UTOERIKSSON<<ANNA<MARIA<<cccccccccccccccccs", "L898902C36UTO7408122F1204159ZE184226B<<<<<10."],
      true,
    );
    expect(parsed.lines[0]).toBe(TD3[0]);
    expect(parsed.checks.every((c) => c.valid)).toBe(true);
  });

  it("excuses a letter read for the first digit of a number's digit run", () => {
    const line2 = `ZN0468115${checkDigit("ZN0468115")}CAN7507139M2805058<<<<<<<<<<<<<<<`;
    const zone = [
      "P<CANROSSI<<LOUIS<<<<<<<<<<<<<<<<<<<<<<<<<<<",
      `${line2}${checkDigit(line2.slice(0, 10) + line2.slice(13, 20) + line2.slice(21, 43))}`,
    ];
    expect(allValid(zone).checks.every((c) => c.valid)).toBe(true);
    const misread = allValid([zone[0]!, zone[1]!.replace("ZN0", "ZNO")], true);
    expect(misread.checks.find((c) => c.check === "document_number")?.ocrReading).toBe("ZN0468115");
  });

  it("marks impossible dates", () => {
    const parsed = allValid([TD3[0]!, TD3[1]!.replace("7408122", "7413310")]);
    expect(parsed.birthDate?.valid).toBe(false);
  });

  it("rejects text that fits no layout", () => {
    expect(parseMrz(["HELLO<WORLD", "ANOTHER<LINE"], { fromOcr: false })).toBeNull();
    expect(fitLineLength("ABC", 44)).toBeNull();
  });

  it("reads fillers that OCR turned into L, and keeps a number changed in the zone invalid", () => {
    const zone = ["I<UTOD231458907<<<<<<<<<<<<<<<", "7408122F1204159UTO<<<<<<<<<<<6", "ERIKSSON<<ANNA<MARIA<<<<<<<<<<"];
    const misread = allValid([zone[0]!.replace(/<<<$/, "L<<"), zone[1]!, zone[2]!.replace(/<{6}$/, "LLLLLL")], true);
    expect(misread.lines).toEqual(zone);
    expect(misread.checks.every((c) => c.valid)).toBe(true);
    const edited = allValid(
      [zone[0]!.replace("D23145890", "D23145896").replace(/<<<$/, "L<<"), zone[1]!, zone[2]!],
      true,
    );
    expect(edited.checks.filter((c) => !c.valid).map((c) => c.check)).toEqual(["document_number", "composite"]);
  });

  it("fits a zone read with the zone alphabet: filler runs miscounted or read as L, data kept in place", () => {
    // A band read with only A-Z 0-9 < allowed: the name line lost fillers and gained L's; the
    // data line lost two fillers in its optional-data run.
    const read = allValid(["P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<LLLLL<LL", TD3[1]!.replace("B<<<<<1", "B<<<1")], true);
    expect(read.lines).toEqual(TD3);
    expect(read.checks.every((c) => c.valid)).toBe(true);
    expect(read.fitted).toEqual([true, true]);
    // The data line's fields before the stretched run are where OCR put them; those after are not.
    expect(read.inPlace[1]).toBeGreaterThanOrEqual(28);
    expect(read.inPlace[1]).toBeLessThan(44);
    // A line read at its length is in place throughout.
    expect(allValid(TD3, true).inPlace).toEqual([44, 44]);
  });

  it("reads the padding of an empty personal number that OCR turned into L, K and C, and keeps an edit failing", () => {
    const data = "L898902C36UTO7408122F1204159<<<<<<<<<<<<<<0";
    const composite = checkDigit(data.slice(0, 10) + data.slice(13, 20) + data.slice(21, 43));
    const line2 = data + String(composite);
    const read = allValid([TD3[0]!, line2.replace("<<<<<<<<<<<<<<0", "<<<<<<LLLLL<<<0")], true);
    expect(read.lines[1]).toBe(line2);
    expect(read.checks.every((c) => c.valid)).toBe(true);
    // Recorded: a check that fails over the padding is never read soundly enough to be an edit.
    expect(read.corrections.filter((c) => c.line === 1 && c.to === "<")).toHaveLength(5);
    expect(allValid([TD3[0]!, line2.replace("<<<<<<<<<<<<<<0", "<CLLCLLLLCCCCC0")], true).lines[1]).toBe(line2);
    // A personal number of data is left alone, and so is a birth date changed under the padding.
    expect(allValid(TD3, true).lines[1]).toBe(TD3[1]);
    const edited = allValid(
      [TD3[0]!, line2.replace("740812", "750812").replace("<<<<<<<<<<<<<<0", "<<<<LLL<<<<<<<0")],
      true,
    );
    expect(edited.checks.filter((c) => !c.valid).map((c) => c.check)).toEqual(["date_of_birth", "composite"]);
  });

  it("never stretches fillers over data: a line short of data fits no layout", () => {
    expect(fitLineLength("L898902C36UTO7408122F1204159ZE184226B10", 44)).toBeNull();
    expect(fitLineLength("ERIKSSON<<ANNA<MARIA<<<<", 30)).toBe("ERIKSSON<<ANNA<MARIA<<<<<<<<<<");
  });
});
