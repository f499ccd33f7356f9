// Which failed check digits count as edits on an OCR'd zone: each defect with its clean twin.
import { describe, expect, it } from "vitest";
import { makeContext } from "@/tests/forensics-support/content-context";
import type { MrzBlock } from "./find-mrz";
import { mrzFindings as allFindings } from "./mrz-findings";
import { parseMrz } from "./parse-mrz";
import { confirmedByOtherReading, soundlyRead } from "./reading-trust";

/** What the trust rules make of a failed digit; a zone verified whole is mrz-findings.test.ts's. */
const mrzFindings = (...args: Parameters<typeof allFindings>) =>
  allFindings(...args).filter((f) => f.check !== "mrz.verified");

const TD1 = ["I<UTOD231458907<<<<<<<<<<<<<<<", "7408122F1204159UTO<<<<<<<<<<<6", "ERIKSSON<<ANNA<MARIA<<<<<<<<<<"];
/** The number edited on both sides (D23145890 → D23145896) with the old check digits left. */
const EDITED = TD1.map((l) => l.replace("D23145890", "D23145896"));
const FIELDS = { holder_name: "Anna Maria Eriksson", date_of_birth: "1974-08-12", document_number: "D23145890" };
const BEFORE_EXPIRY = new Date("2011-06-01T00:00:00Z");

const ids = (findings: { check: string; severity: string }[]) => findings.map((f) => `${f.check}:${f.severity}`);

/** An identity card photographed: its zone read by page OCR with the given confidence. */
function card(zone: string[], confidence: number, fields: Record<string, string> = FIELDS) {
  return makeContext({
    docType: "id_card",
    fields,
    pages: [{ rows: ["IDENTITY CARD", `Name: ${fields.holder_name}`, ...zone], source: "ocr", confidence }],
  });
}

const band = (lines: string[]): MrzBlock => ({ page: 1, lines, region: null, confidence: 70, ocr: true, pass: "band" });

describe("how far an OCR'd failed check digit is trusted", () => {
  it("rejects a poorly photographed card whose edited number a second reading of the band confirms", () => {
    const ctx = card(EDITED, 44, { ...FIELDS, document_number: "D23145896" });
    expect(ids(mrzFindings(ctx, BEFORE_EXPIRY, undefined, [band(EDITED)]))).toEqual([
      "mrz.check_digit:critical",
      "mrz.check_digit:critical",
    ]);
    // Without the second reading the same photograph is only a doubtful reading.
    expect(ids(mrzFindings(ctx, BEFORE_EXPIRY))).toEqual(["mrz.check_digit_ocr:low", "mrz.check_digit_ocr:low"]);
    // The genuine card, read the same two ways, raises nothing.
    expect(mrzFindings(card(TD1, 44), BEFORE_EXPIRY, undefined, [band(TD1)])).toEqual([]);
  });

  it("does not trust a second reading that saw different characters", () => {
    const ctx = card(EDITED, 44, { ...FIELDS, document_number: "D23145896" });
    const other = band(EDITED.map((l) => l.replace("D23145896", "D23146896")));
    expect(ids(mrzFindings(ctx, BEFORE_EXPIRY, undefined, [other])).every((s) => s.endsWith(":low"))).toBe(true);
  });

  it("takes a composite digit OCR lost at the end of the line for a check not made, not an edit", () => {
    // Page OCR dropped the last character; the filler run was stretched to fit the layout.
    const lost = [TD1[0]!, TD1[1]!.slice(0, -1), TD1[2]!];
    const findings = mrzFindings(card(lost, 92), BEFORE_EXPIRY);
    expect(ids(findings)).toEqual(["mrz.digit_unread:info"]);
    expect(mrzFindings(card(TD1, 92), BEFORE_EXPIRY)).toEqual([]);
  });

  it("prefers the reading whose check digits hold when the page reading lost a character", () => {
    const lost = [TD1[0]!, TD1[1]!.slice(0, -1), TD1[2]!];
    expect(mrzFindings(card(lost, 92), BEFORE_EXPIRY, undefined, [band(TD1)])).toEqual([]);
  });

  it("takes a 9 read as O in a number's digits for a misreading even with good confidence", () => {
    const misread = TD1.map((l) => l.replace("D23145890", "D23O45890"));
    // The printed number, which the zone gives with that character read back, settles it.
    expect(ids(mrzFindings(card(misread, 92), BEFORE_EXPIRY))).toEqual(["mrz.ocr_corrected:info"]);
  });

  it("holds the printed number against the zone only when the zone's number digit holds", () => {
    const misread = TD1.map((l) => l.replace("D23145890", "D23O45890"));
    // Field extraction took a year for the number; the zone's own number does not validate.
    expect(ids(mrzFindings(card(misread, 92, { ...FIELDS, document_number: "2034" }), BEFORE_EXPIRY))).not.toContain(
      "mrz.printed_mismatch:high",
    );
    expect(ids(mrzFindings(card(TD1, 92, { ...FIELDS, document_number: "D23145896" }), BEFORE_EXPIRY))).toContain(
      "mrz.printed_mismatch:high",
    );
  });
});

describe("misreadings that are not edits", () => {
  const TD3 = ["P<FRADUBOIS<<CHLOE<<<<<<<<<<<<<<<<<<<<<<<<<<", "JN34385681FRA6506308F3506293<<<<<<<<<<<<<<<4"];
  const passport = (zone: string[], confidence: number) =>
    makeContext({
      docType: "passport",
      fields: { holder_name: "Chloe Dubois", document_number: "JN3438568" },
      pages: [{ rows: ["PASSPORT", "Passport No. JN3438568", ...zone], source: "ocr", confidence }],
    });

  it("reads a J that lost its hook as I, and the composite lost, as a corrected reading", () => {
    const misread = [TD3[0]!, TD3[1]!.replace("JN", "IN").slice(0, -1)];
    expect(ids(mrzFindings(passport(misread, 92), BEFORE_EXPIRY, undefined, [band(misread)]))).toEqual([
      "mrz.ocr_corrected:info",
    ]);
    // The twin whose number was really changed keeps its failed digit.
    const edited = [TD3[0]!, TD3[1]!.replace("JN3438568", "JN3438508")];
    const ctx = makeContext({
      docType: "passport",
      fields: { holder_name: "Chloe Dubois", document_number: "JN3438508" },
      pages: [{ rows: ["PASSPORT", "Passport No. JN3438508", ...edited], source: "ocr", confidence: 92 }],
    });
    expect(ids(mrzFindings(ctx, BEFORE_EXPIRY, undefined, [band(edited)]))).toContain("mrz.check_digit:critical");
  });

  it("takes a letter read where a digit belongs (S for 8) for a guess, not an edit, even when two readings agree", () => {
    const read = [TD1[0]!, TD1[1]!.replace("7408122", "74S8122"), TD1[2]!];
    const found = ids(mrzFindings(card(read, 92), BEFORE_EXPIRY, undefined, [band(read)]));
    expect(found.filter((s) => /critical|high/.test(s))).toEqual([]);
    // The digit actually changed, read the same twice, is an edit.
    const edited = [TD1[0]!, TD1[1]!.replace("7408122", "7408152"), TD1[2]!];
    const fields = { ...FIELDS, date_of_birth: "1974-08-15" };
    expect(ids(mrzFindings(card(edited, 92, fields), BEFORE_EXPIRY, undefined, [band(edited)]))).toContain(
      "mrz.check_digit:critical",
    );
  });

  it("does not hold a nationality read on a line that gained a character against the printed one", () => {
    // An extra glyph after the birth date shifts sex, expiry and nationality by one.
    const shifted = [TD1[0]!, TD1[1]!.replace("7408122F", "7408122IF").replace("<<<<6", "<<<6"), TD1[2]!];
    const found = ids(mrzFindings(card(shifted, 92, { ...FIELDS, nationality: "UTO" }), BEFORE_EXPIRY));
    expect(found).not.toContain("mrz.printed_mismatch:high");
    // Read in place, a different nationality is a mismatch.
    expect(ids(mrzFindings(card(TD1, 92, { ...FIELDS, nationality: "GBR" }), BEFORE_EXPIRY))).toContain(
      "mrz.printed_mismatch:high",
    );
  });

  it("does not take two lines of a three-line card zone for a two-line zone", () => {
    expect(parseMrz([TD1[1]!, TD1[2]!], { fromOcr: true })).toBeNull();
  });
});

describe("soundlyRead and confirmedByOtherReading", () => {
  it("needs the layout length, a digit for a digit and no look-alike among digits", () => {
    const edited = parseMrz(EDITED, { fromOcr: true })!;
    expect(soundlyRead(edited, "document_number")).toBe(true);
    const fitted = parseMrz([TD1[0]!, TD1[1]!.slice(0, -1), TD1[2]!], { fromOcr: true })!;
    expect(soundlyRead(fitted, "composite")).toBe(false);
    const lookAlike = parseMrz(
      TD1.map((l) => l.replace("D23145890", "D231S5890")),
      { fromOcr: true },
    )!;
    expect(soundlyRead(lookAlike, "document_number")).toBe(false);
  });

  it("matches another reading at the layout's positions, counted from either end of the line", () => {
    const primary = { block: band(EDITED), mrz: parseMrz(EDITED, { fromOcr: true })! };
    // The other reading gained a filler on line 2: the number on line 1 still lines up, and so
    // does a digit at the end of a line counted from the right; data that moved does not.
    const shifted = band([EDITED[0]!, EDITED[1]!.replace("UTO<", "UTO<<"), EDITED[2]!]);
    expect(confirmedByOtherReading(primary, [{ block: shifted }], "document_number")).toBe(true);
    expect(confirmedByOtherReading(primary, [{ block: shifted }], "composite")).toBe(false);
    // A speck read as a filler before the code moves the whole line; counted from its end it agrees.
    const speck = band([EDITED[0]!.replace("I<UTO", "I<<UTO"), EDITED[1]!, EDITED[2]!]);
    expect(confirmedByOtherReading(primary, [{ block: speck }], "document_number")).toBe(true);
    const different = band([EDITED[0]!.replace("D23145896", "D23145895"), EDITED[1]!, EDITED[2]!]);
    expect(confirmedByOtherReading(primary, [{ block: different }], "document_number")).toBe(false);
  });
});

describe("a character changed in the zone alone is not read back to the print", () => {
  // The number's first letter D changed to W in the zone only: every digit holds once it is read
  // back to the printed D, which is what a misreading would look like too.
  const changed = TD1.map((l) => l.replace("D23145890", "W23145890"));

  it("calls a clear glyph every reading saw alike an edit, and corrects its twin another reading saw otherwise", () => {
    const ctx = card(changed, 92);
    const edited = ids(mrzFindings(ctx, BEFORE_EXPIRY, undefined, [band(changed)]));
    expect(edited).toContain("mrz.check_digit:critical");
    expect(edited).not.toContain("mrz.ocr_corrected:info");
    // A second reading of the band saw the D the print has: the page reading's W was in doubt.
    expect(ids(mrzFindings(ctx, BEFORE_EXPIRY, undefined, [band(TD1)]))).not.toContain("mrz.check_digit:critical");
  });

  it("still corrects a look-alike the print settles (0 for D, read alike by every reading)", () => {
    const lookAlike = TD1.map((l) => l.replace("D23145890", "023145890"));
    expect(ids(mrzFindings(card(lookAlike, 92), BEFORE_EXPIRY, undefined, [band(lookAlike)]))).toEqual([
      "mrz.ocr_corrected:info",
    ]);
  });
});
