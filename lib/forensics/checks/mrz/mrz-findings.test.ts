import { describe, expect, it } from "vitest";
import { makeContext, type RowSpec } from "@/tests/forensics-support/content-context";
import { checkDigit } from "./check-digit";
import { check } from "./index";
import type { MrzBlock } from "./find-mrz";
import { mrzFindings as allFindings } from "./mrz-findings";

const LINE1 = "P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<";
const LINE2 = "L898902C36UTO7408122F1204159ZE184226B<<<<<10";
const BEFORE_EXPIRY = new Date("2011-06-01T00:00:00Z");

const FIELDS = {
  holder_name: "Anna Maria Eriksson",
  date_of_birth: "1974-08-12",
  expiry_date: "2012-04-15",
  document_number: "L898902C3",
  nationality: "UTO",
  sex: "F",
};

function passport(
  mrz: [string, string],
  fields: Record<string, string> = FIELDS,
  source: "pdf" | "ocr" = "pdf",
  confidence?: number,
) {
  // The visual zone prints what the fields say (a forger edits both together).
  const rows: RowSpec[] = [
    "PASSPORT / PASSEPORT",
    `Name: ${fields.holder_name ?? ""}`,
    `Date of birth: ${fields.date_of_birth ?? ""}`,
    `Passport No: ${fields.document_number ?? ""}`,
    mrz[0],
    mrz[1],
  ];
  return makeContext({ docType: "passport", fields, pages: [{ rows, source, confidence }] });
}

/** What is wrong with a zone; the zone read whole and verified is its own test below. */
const mrzFindings = (...args: Parameters<typeof allFindings>) =>
  allFindings(...args).filter((f) => f.check !== "mrz.verified");

const ids = (findings: { check: string; severity: string }[]) => findings.map((f) => `${f.check}:${f.severity}`);

describe("mrz check", () => {
  it("reports a zone read whole with every check digit holding, with what it encodes, and not its altered twin", () => {
    const [verified] = allFindings(passport([LINE1, LINE2]), BEFORE_EXPIRY);
    expect(verified).toMatchObject({ check: "mrz.verified", severity: "info", score: 0, page: 1 });
    expect(verified?.region).not.toBeNull();
    expect(verified?.evidence).toMatchObject({
      document_number: "L898902C3",
      date_of_birth: "1974-08-12",
      expiry_date: "2012-04-15",
    });
    const altered = allFindings(passport([LINE1, LINE2.replace("740812", "790812")]), BEFORE_EXPIRY);
    expect(altered.map((f) => f.check)).not.toContain("mrz.verified");
  });

  it("raises nothing on a genuine passport whose zone matches the printed fields", () => {
    const ctx = passport([LINE1, LINE2]);
    expect(check.applies(ctx)).toBe(true);
    expect(mrzFindings(ctx, BEFORE_EXPIRY)).toEqual([]);
  });

  it("flags a birth date edited in the zone without its check digit as critical, with the zone's region", () => {
    const findings = mrzFindings(passport([LINE1, LINE2.replace("740812", "790812")]), BEFORE_EXPIRY);
    expect(ids(findings)).toContain("mrz.check_digit:critical");
    const digit = findings.find((f) => f.check === "mrz.check_digit")!;
    expect(digit.evidence).toMatchObject({ check: "date_of_birth", found: "2", data: "790812" });
    expect(digit.region!.y).toBeGreaterThan(0.1);
    expect(digit.page).toBe(1);
  });

  it("does not hold a name line whose separator OCR read as letters against the print, but holds a clean one", () => {
    // "ERIKSSON<<ANNA" read "ERIKSSONBIANNA": one word, no given name, where the print has three.
    const merged = "P<UTOERIKSSONBIANNA".padEnd(44, "<");
    const printed = { ...FIELDS, holder_name: "ANNA F" };
    expect(ids(mrzFindings(passport([merged, LINE2], printed, "ocr", 90), BEFORE_EXPIRY))).not.toContain(
      "mrz.printed_mismatch:high",
    );
    expect(
      ids(mrzFindings(passport([LINE1, LINE2], { ...FIELDS, holder_name: "Elena Costa" }, "ocr", 90), BEFORE_EXPIRY)),
    ).toContain("mrz.printed_mismatch:high");
  });

  it("holds a name line whose separator OCR read as one filler and a K against the print, taking the K either way", () => {
    // "ERIKSSON<<ANNA" read "ERIKSSON<KANNA": the words are apart, only the separator is half read.
    const halfRead = "P<UTOERIKSSON<KANNA".padEnd(44, "<");
    const mismatch = (holder: string, rereads: MrzBlock[] = []) =>
      ids(
        mrzFindings(
          passport([halfRead, LINE2], { ...FIELDS, holder_name: holder }, "ocr", 90),
          BEFORE_EXPIRY,
          undefined,
          rereads,
        ),
      ).includes("mrz.printed_mismatch:high");
    expect(mismatch("Elena Eriksson")).toBe(true);
    expect(mismatch("Anna Eriksson")).toBe(false);
    // A given name that begins with K, its filler lost: "ERIKSSON<KAI" for ERIKSSON<<KAI.
    const lost = "P<UTOERIKSSON<KAI".padEnd(44, "<");
    expect(
      ids(mrzFindings(passport([lost, LINE2], { ...FIELDS, holder_name: "Kai Eriksson" }, "ocr", 90), BEFORE_EXPIRY)),
    ).not.toContain("mrz.printed_mismatch:high");
    // Another reading of the zone whose name line OCR garbled and whose digits fail has no say on the name.
    const garbled: MrzBlock = {
      page: 1,
      lines: ["P<UTOERIKSSON<KCKANNA".padEnd(44, "<"), LINE2.replace("7408122", "7408124")],
      region: null,
      confidence: 60,
      ocr: true,
      pass: "band",
    };
    expect(mismatch("Elena Eriksson", [garbled])).toBe(true);
  });

  it("does not hold a name line whose fillers OCR read as letters against the print, but holds a clean one", () => {
    const garbled = "P<UTOERIKSSONKKANNACKMARIACKCCCLCLCLLLLLLLLL";
    const other = { ...FIELDS, holder_name: "Elena Costa" };
    expect(ids(mrzFindings(passport([garbled, LINE2], other, "ocr", 90), BEFORE_EXPIRY))).not.toContain(
      "mrz.printed_mismatch:high",
    );
    expect(ids(mrzFindings(passport([LINE1, LINE2], other, "ocr", 90), BEFORE_EXPIRY))).toContain(
      "mrz.printed_mismatch:high",
    );
    // Fillers read cell after cell as one wrong letter (HHHHH): no name has that run either.
    const repeated = "P<UTOERIKSSON<<LWTHMODDHHHHHX".padEnd(44, "<");
    const printed = { ...FIELDS, holder_name: "Anna Eriksson" };
    expect(ids(mrzFindings(passport([repeated, LINE2], printed, "ocr", 90), BEFORE_EXPIRY))).not.toContain(
      "mrz.printed_mismatch:high",
    );
    // Three fillers in a row read as O's after a given name misread (ANPC<OOO for ANNA<<<<<).
    const tripled = "P<UTOERIKSSON<<ANPC<OOO".padEnd(44, "<");
    expect(ids(mrzFindings(passport([tripled, LINE2], printed, "ocr", 90), BEFORE_EXPIRY))).not.toContain(
      "mrz.printed_mismatch:high",
    );
  });

  it("does not hold a name line against the print when the same reading broke the zone's composite check", () => {
    const misread = "P<UTOERIKSON<<ANNMTJHFRHIVATM".padEnd(44, "<");
    const broken = LINE2.slice(0, -1) + "4";
    expect(ids(mrzFindings(passport([misread, broken], FIELDS, "ocr", 67), BEFORE_EXPIRY))).not.toContain(
      "mrz.printed_mismatch:high",
    );
    expect(ids(mrzFindings(passport([misread, LINE2], FIELDS, "ocr", 67), BEFORE_EXPIRY))).toContain(
      "mrz.printed_mismatch:high",
    );
  });

  it("weighs a printed date that differs from the zone as surely as OCR read it", () => {
    // The zone certifies 12 August 1974; the print read "1974-08-17", its words at `confidence`.
    const misread = (confidence: number) => {
      const ctx = passport([LINE1, LINE2], { ...FIELDS, date_of_birth: "1974-08-17" }, "ocr", 90);
      for (const t of ctx.pages[0]!.text) if (t.text.includes("1974-08-17")) t.confidence = confidence;
      return mrzFindings(ctx, BEFORE_EXPIRY).filter((f) => f.check === "mrz.printed_mismatch");
    };
    expect(misread(58)[0]?.evidence).toMatchObject({ field: "date_of_birth", reading_confidence: 58 });
    // Read surely, it is a contradiction in full.
    expect(misread(96)[0]?.evidence).not.toHaveProperty("reading_confidence");
  });

  it("weighs a printed name by its words, not by an initial read with it", () => {
    // A photo's name read "divtich M": the word unsurely and not shaped as a name, the initial surely.
    const printed = (name: string, confidence: number) => {
      const ctx = passport([LINE1, LINE2], { ...FIELDS, holder_name: `${name} M` }, "ocr", 96);
      const text = ctx.pages[0]!.text;
      const row = text.findIndex((t) => t.text.startsWith("Name:"));
      const at = (dx: number, word: string, c: number) => ({
        ...text[row]!,
        x: text[row]!.x + dx,
        text: word,
        confidence: c,
      });
      text.splice(row, 1, at(0, "Name:", 96), at(0.06, name, confidence), at(0.14, "M", 96));
      return ids(mrzFindings(ctx, BEFORE_EXPIRY));
    };
    expect(printed("divtich", 70)).not.toContain("mrz.printed_mismatch:high");
    expect(printed("Zofia", 96)).toContain("mrz.printed_mismatch:high");
  });

  it("flags a printed name that differs from the zone", () => {
    const findings = mrzFindings(
      passport([LINE1, LINE2], { ...FIELDS, holder_name: "Anna Maria Andersson" }),
      BEFORE_EXPIRY,
    );
    expect(ids(findings)).toEqual(["mrz.printed_mismatch:high"]);
    expect(findings[0]!.evidence).toMatchObject({ field: "holder_name", printed: "Anna Maria Andersson" });
  });

  it("does not blame the zone for a field the reader took only partly", () => {
    // Field extraction kept only the given name; the surname is printed on the page all the same.
    const ctx = passport([LINE1, LINE2]);
    ctx.fields = { ...FIELDS, holder_name: "Anna" };
    expect(mrzFindings(ctx, BEFORE_EXPIRY)).toEqual([]);
  });

  it("ignores OCR splits and one-letter misreads in a long name, but not a different name", () => {
    const kenji: [string, string] = ["P<UTOTAKAHASHI<<KENJI<<<<<<<<<<<<<<<<<<<<<<<", LINE2];
    const read = (holder_name: string, source: "pdf" | "ocr" = "ocr") =>
      ids(mrzFindings(passport(kenji, { ...FIELDS, holder_name }, source, 85), BEFORE_EXPIRY));
    expect(read("KEN JI TAKAHASHI")).toEqual([]);
    expect(read("Kenji Taka hashi", "pdf")).toEqual([]);
    expect(read("KENJI TAKAHASHl")).toEqual([]);
    expect(read("KENJI TAKAHASHl", "pdf")).toEqual(["mrz.printed_mismatch:high"]);
    expect(read("KENJI WATANABE")).toEqual(["mrz.printed_mismatch:high"]);
    expect(read("HIROSHI TAKAHASHI")).toEqual(["mrz.printed_mismatch:high"]);
  });

  it("takes a printed number OCR read with one glyph doubled for a misread, but not a changed digit", () => {
    const read = (document_number: string) =>
      ids(mrzFindings(passport([LINE1, LINE2], { ...FIELDS, document_number }, "ocr", 85), BEFORE_EXPIRY));
    expect(read("L8989O02C3")).toEqual([]);
    expect(read("L898912C3")).toEqual(["mrz.printed_mismatch:high"]);
  });

  it("takes a printed number read without its letter prefix for a partial reading, but not a changed digit", () => {
    const read = (document_number: string) =>
      ids(mrzFindings(passport([LINE1, LINE2], { ...FIELDS, document_number }, "ocr", 85), BEFORE_EXPIRY));
    expect(read("898902C3")).toEqual([]);
    expect(read("898912C3")).toEqual(["mrz.printed_mismatch:high"]);
  });

  it("accepts transliterated and partial printed names", () => {
    const ok = [
      { ...FIELDS, holder_name: "ERIKSSON, Anna" },
      { ...FIELDS, holder_name: "Änna Maria Eriksson" },
    ];
    for (const fields of ok) expect(mrzFindings(passport([LINE1, LINE2], fields), BEFORE_EXPIRY)).toEqual([]);
  });

  it("flags printed dates, number and sex that differ from the zone", () => {
    const findings = mrzFindings(
      passport([LINE1, LINE2], { ...FIELDS, date_of_birth: "1979-08-12", document_number: "L898902C4", sex: "M" }),
      BEFORE_EXPIRY,
    );
    expect(findings.map((f) => f.evidence?.field)).toEqual(["date_of_birth", "document_number", "sex"]);
    expect(findings.every((f) => f.severity === "high")).toBe(true);
  });

  it("reports expiry as a fact (info), apart from forgery findings, and nothing before it", () => {
    const findings = mrzFindings(passport([LINE1, LINE2]), new Date("2026-01-01T00:00:00Z"));
    expect(ids(findings)).toEqual(["mrz.expired:info"]);
    expect(findings[0]).toMatchObject({ score: 0, evidence: { expiry_date: "2012-04-15" } });
    expect(mrzFindings(passport([LINE1, LINE2]), BEFORE_EXPIRY)).toEqual([]);
  });

  it("reads an OCR'd zone split into words with misread characters", () => {
    const ocr: [string, string] = [
      "P<UT0ERIKSSON «ANNA<MARIA<<<<<<<<<<<<<<<<<<<",
      "L898902C36UTO 7408l22F12O4159ZE184226B<<<<<1O",
    ];
    expect(mrzFindings(passport(ocr, FIELDS, "ocr", 85), BEFORE_EXPIRY)).toEqual([]);
  });

  it("treats a failed digit on a poorly read zone as a low OCR artefact, not critical", () => {
    const zone: [string, string] = [LINE1, LINE2.replace("740812", "790812")];
    const findings = mrzFindings(passport(zone, FIELDS, "ocr", 40), BEFORE_EXPIRY);
    expect(ids(findings).filter((s) => s.startsWith("mrz.check_digit"))).toEqual([
      "mrz.check_digit_ocr:low",
      "mrz.check_digit_ocr:low",
    ]);
    // Read well, the same zone is an edit.
    expect(ids(mrzFindings(passport(zone, FIELDS, "ocr", 90), BEFORE_EXPIRY))).toContain("mrz.check_digit:critical");
  });

  it("judges a changed number by the reading the other passes agree with, not by a pass that misread it alone", () => {
    // The number's 9 changed to 3 without its check digit: every reading fails the same two digits.
    const altered = LINE2.replace("L898902C3", "L838902C3");
    // One pass took the print's 3 and 0 for the S and O they resemble; the band's pass read the print.
    const pass = (line2: string, which: "geometry" | "band"): MrzBlock => ({
      page: 1,
      lines: [LINE1, line2],
      region: null,
      confidence: 70,
      ocr: true,
      pass: which,
    });
    const misread = pass(altered.replace("L838902C3", "L8S89O2C3"), "geometry");
    const printed = { ...FIELDS, document_number: "L838902C3" };
    const findings = mrzFindings(passport([LINE1, altered], printed, "ocr", 90), BEFORE_EXPIRY, () => {}, [
      misread,
      pass(altered, "band"),
    ]);
    expect(ids(findings)).toContain("mrz.check_digit:critical");
    expect(findings.find((f) => f.check === "mrz.check_digit")?.message).toContain("L838902C3");
  });

  it("corrects a look-alike swap that validates every digit and gives the printed number (info, not a finding)", () => {
    // 2 read as Z between a digit and a letter: no neighbour marks it out of place.
    const misread: [string, string] = [LINE1, LINE2.replace("L898902C3", "L89890ZC3")];
    expect(ids(mrzFindings(passport(misread, FIELDS, "ocr", 85), BEFORE_EXPIRY))).toEqual(["mrz.ocr_corrected:info"]);
    // A number changed on both sides keeps its wrong check digit: no swap gives a printed number.
    const forged: [string, string] = [LINE1, LINE2.replace("L898902C3", "L898903C3")];
    const fields = { ...FIELDS, document_number: "L898903C3" };
    expect(ids(mrzFindings(passport(forged, fields, "ocr", 85), BEFORE_EXPIRY))).toContain("mrz.check_digit:critical");
    // The same swap in a text layer is not a reading error.
    expect(ids(mrzFindings(passport(misread, FIELDS, "pdf"), BEFORE_EXPIRY))).toContain("mrz.check_digit:critical");
  });

  it("corrects a digit read as another digit when the printed number confirms it (blur turns 0 into 6)", () => {
    const misread: [string, string] = [LINE1, LINE2.replace("L898902C3", "L898962C3")];
    expect(ids(mrzFindings(passport(misread, FIELDS, "ocr", 85), BEFORE_EXPIRY))).toEqual(["mrz.ocr_corrected:info"]);
    // Printed as read, the changed digit is the forger's on both sides: an edit.
    const fields = { ...FIELDS, document_number: "L898962C3" };
    expect(ids(mrzFindings(passport(misread, fields, "ocr", 85), BEFORE_EXPIRY))).toContain("mrz.check_digit:critical");
  });

  it("settles a number's look-alike swap by the printed number even when another digit was misread", () => {
    // O for 0 in the number, and the composite digit at the line's end misread as 6.
    const zone: [string, string] = [LINE1, LINE2.replace("L898902C3", "L8989O2C3").replace(/0$/, "6")];
    const found = ids(mrzFindings(passport(zone, FIELDS, "ocr", 85), BEFORE_EXPIRY));
    expect(found).toContain("mrz.ocr_corrected:info");
    expect(found.filter((s) => /critical|high/.test(s))).toEqual([]);
    // Without the printed number to settle it, the swap stays a doubtful reading.
    const unprinted = ids(mrzFindings(passport(zone, { ...FIELDS, document_number: "" }, "ocr", 85), BEFORE_EXPIRY));
    expect(unprinted).toContain("mrz.check_digit_ocr:low");
    expect(unprinted).not.toContain("mrz.ocr_corrected:info");
  });

  it("flags an impossible date that carries a valid check digit", () => {
    // 741312: month 13, with its own check digit and the composite recomputed by the forger.
    const line2 = `L898902C36UTO741312${checkDigit("741312")}F1204159ZE184226B<<<<<`;
    const composite = checkDigit(line2.slice(0, 10) + line2.slice(13, 20) + line2.slice(21, 42) + "1");
    const zone: [string, string] = [LINE1, `${line2}1${composite}`];
    const findings = mrzFindings(passport(zone, { ...FIELDS, date_of_birth: "" }), BEFORE_EXPIRY);
    expect(ids(findings)).toEqual(["mrz.impossible_date:high"]);
  });

  it("holds no impossible date against a zone when another reading of its line reads another date that holds too", () => {
    // OCR of a photo: the page reading took the expiry 120415 for 130379 and its check digit for
    // the one that holds; the band reading of the same line reads the printed 120415 and its 9.
    const misread = `L898902C36UTO7408122F130379${checkDigit("130379")}ZE184226B<<<<<`;
    const composite = checkDigit(misread.slice(0, 10) + misread.slice(13, 20) + misread.slice(21, 42) + "1");
    const zone: [string, string] = [LINE1, `${misread}1${composite}`];
    const ctx = passport(zone, { ...FIELDS, expiry_date: "" }, "ocr", 85);
    const band = (line2: string) => ({
      page: 1,
      lines: [LINE1.replace(/<<<<$/, "KLKL"), line2],
      region: null,
      confidence: 70,
      ocr: true,
      pass: "band" as const,
    });
    // The band's fillers read as L and K, its data as printed.
    const printed = band("L898902C36UTO7408122F1204159ZE184226BLKLKL10");
    expect(ids(mrzFindings(ctx, BEFORE_EXPIRY))).toContain("mrz.impossible_date:high");
    expect(ids(mrzFindings(ctx, BEFORE_EXPIRY, undefined, [printed]))).not.toContain("mrz.impossible_date:high");
    // A band reading that agrees, or whose other date fails its digit, contests nothing.
    const agreeing = band(`${misread.replace(/<+$/, "LKLKL")}1${composite}`);
    expect(ids(mrzFindings(ctx, BEFORE_EXPIRY, undefined, [agreeing]))).toContain("mrz.impossible_date:high");
    const unsettled = band("L898902C36UTO7408122F1204153ZE184226BLKLKL10");
    expect(ids(mrzFindings(ctx, BEFORE_EXPIRY, undefined, [unsettled]))).toContain("mrz.impossible_date:high");
  });

  it("finds a TD1 identity card zone", () => {
    const rows = [
      "IDENTITY CARD",
      "I<UTOD231458907<<<<<<<<<<<<<<<",
      "7408122F1204159UTO<<<<<<<<<<<6",
      "ERIKSSON<<ANNA<MARIA<<<<<<<<<<",
    ];
    const ctx = makeContext({
      docType: "id_card",
      pages: [{ rows }],
      fields: { ...FIELDS, document_number: "D23145890" },
    });
    expect(mrzFindings(ctx, BEFORE_EXPIRY)).toEqual([]);
    const forged = makeContext({
      docType: "id_card",
      pages: [{ rows: rows.map((r) => r.replace("D23145890", "D23145896")) }],
    });
    expect(ids(mrzFindings(forged, BEFORE_EXPIRY))).toEqual(["mrz.check_digit:critical", "mrz.check_digit:critical"]);
  });

  it("corrects a glyph OCR read twice when the printed number settles the reading, look-alikes included", () => {
    // "D23145890" check 7, read as D23I45890 with its last 0 doubled: the doubled glyph pushes a 0
    // into the check digit's place and the line loses a filler at its end.
    const rows = (number: string) => [
      "IDENTITY CARD",
      `Document No. ${number}`,
      "I<UTOD23I4589007<<<<<<<<<<<<<<",
      "7408122F1204159UTO<<<<<<<<<<<6",
      "ERIKSSON<<ANNA<MARIA<<<<<<<<<<",
    ];
    const card = (number: string) =>
      makeContext({ docType: "id_card", pages: [{ rows: rows(number), source: "ocr", confidence: 90 }] });
    expect(ids(mrzFindings(card("D23145890"), BEFORE_EXPIRY))).toEqual(["mrz.ocr_corrected:info"]);
    // Nothing printed to settle it: a doubtful reading, still not an edit.
    const unsettled = ids(mrzFindings(card(""), BEFORE_EXPIRY));
    expect(unsettled).not.toContain("mrz.ocr_corrected:info");
    expect(unsettled.filter((f) => /critical|high/.test(f))).toEqual([]);
  });

  it("corrects a date glyph OCR read twice when the printed date settles it, and judges the corrected zone", () => {
    // Birth date 740812 read as 7400812 (the 0 doubled); the line lost a filler to keep its length.
    const doubled: [string, string] = [LINE1, LINE2.replace("7408122", "74008122").replace("<<<<<10", "<<<<10")];
    const found = ids(mrzFindings(passport(doubled, FIELDS, "ocr", 90), BEFORE_EXPIRY));
    expect(found).toEqual(["mrz.ocr_corrected:info"]);
    // A printed birth date edited by a forger is held against the corrected zone.
    const edited = ids(
      mrzFindings(passport(doubled, { ...FIELDS, date_of_birth: "1979-08-12" }, "ocr", 90), BEFORE_EXPIRY),
    );
    expect(edited).toContain("mrz.printed_mismatch:high");
  });

  it("does not apply to documents without a zone", () => {
    const ctx = makeContext({ docType: "diploma", pages: [{ rows: ["Bachelor of Science", "awarded to Jane Doe"] }] });
    expect(check.applies(ctx)).toBe(false);
  });
});

describe("the printed name held against the zone", () => {
  it("takes the whole name from captions in another language when the read stage took its surname alone", () => {
    const page = (given: string) =>
      makeContext({
        docType: "passport",
        // The read stage found the surname only.
        fields: { holder_name: "ERIKSSON", document_number: "L898902C3" },
        pages: [
          {
            rows: [
              "PASSAPORTO / PASSPORT",
              "Cognome / Surname",
              "ERIKSSON",
              "Nome / Name",
              given,
              `Numero / Number  L898902C3`,
              LINE1,
              LINE2,
            ],
          },
        ],
      });
    expect(ids(mrzFindings(page("LUCIA"), BEFORE_EXPIRY))).toEqual(["mrz.printed_mismatch:high"]);
    expect(mrzFindings(page("ANNA MARIA"), BEFORE_EXPIRY)).toEqual([]);
  });
});

describe("the printed name found by the zone's surname where no caption names it", () => {
  // A scan that lost the faint captions: the values stand in their column, the captions are noise.
  const scan = (given: string, below = given, above?: string) =>
    makeContext({
      docType: "passport",
      fields: {},
      pages: [
        {
          source: "ocr",
          confidence: 90,
          rows: [
            [[0.3, "UTOPIA PASSPORT"]],
            ...(above ? [[[0.6, above]] as Array<[number, string]>] : []),
            [
              [0.3, "“rane"],
              [0.6, "ERIKSSON"],
            ],
            [
              [0.3, "Slveriithes"],
              [0.6, below],
            ],
            LINE1,
            LINE2,
          ],
        },
      ],
    });

  it("holds the given name printed under the surname against the zone, and not its genuine twin", () => {
    expect(ids(mrzFindings(scan("LUCIA"), BEFORE_EXPIRY))).toEqual(["mrz.printed_mismatch:high"]);
    expect(mrzFindings(scan("ANNA"), BEFORE_EXPIRY)).toEqual([]);
  });

  it("claims nothing when the word under the surname is another field and the given name is printed elsewhere", () => {
    expect(mrzFindings(scan("ANNA", "UTOPIA", "ANNA MARIA"), BEFORE_EXPIRY)).toEqual([]);
  });
});
