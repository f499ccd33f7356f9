import { describe, expect, it } from "vitest";
import { dateOrderFindings, expiryFinding } from "./date-order";
import { type RowSpec, makeContext } from "@/tests/forensics-support/content-context";

const NOW = new Date("2024-06-01T00:00:00Z");
const run = (fields: Record<string, string>) =>
  dateOrderFindings(
    makeContext({
      docType: "diploma",
      fields,
      pages: [{ rows: ["Bachelor of Science", `Born ${fields.date_of_birth ?? ""}`] }],
    }),
    NOW,
  );

describe("date order", () => {
  it("accepts dates in a plausible order", () => {
    expect(run({ date_of_birth: "1998-04-02", graduation_date: "2021-06-30", issue_date: "2021-07-15" })).toEqual([]);
    expect(run({ date_of_birth: "1974-08-12", issue_date: "2019-01-10", expiry_date: "2029-01-09" })).toEqual([]);
  });

  it("flags graduation at an implausible age", () => {
    const findings = run({ date_of_birth: "2012-04-02", graduation_date: "2021-06-30" });
    expect(findings.map((f) => f.severity)).toEqual(["high"]);
    expect(findings[0]!.evidence).toMatchObject({ age_years: 9.2 });
  });

  it("flags birth after issue, expiry before issue, and future issue dates", () => {
    expect(run({ date_of_birth: "2020-01-01", issue_date: "2019-01-10" }).map((f) => f.message)).toEqual([
      "The issue date (2019-01-10) is not after the date of birth (2020-01-01).",
    ]);
    expect(run({ issue_date: "2020-01-10", expiry_date: "2019-01-09" })).toHaveLength(1);
    const future = run({ graduation_date: "2025-06-30" });
    expect(future.map((f) => f.check)).toEqual(["content.date_order"]);
    expect(future[0]!.message).toContain("in the future");
  });

  it("doubts a future year OCR read unsurely that one look-alike digit puts in the past, not one read cleanly", () => {
    // White type on a gradient: "Issued March 11, 2019" read "2049".
    const read = (year: string, confidence: number) =>
      dateOrderFindings(
        makeContext({
          docType: "certificate",
          fields: { issue_date: `${year}-03-11` },
          pages: [{ rows: [`Issued March 11, ${year}`], source: "ocr", confidence }],
        }),
        NOW,
      ).map((f) => `${f.severity} ${f.evidence?.issue_date}`);
    expect(read("2049", 85)).toEqual(["low 2049-03-11"]);
    expect(read("2049", 96)).toEqual(["high 2049-03-11"]);
    // No look-alike digit of 2036 makes a past year.
    expect(read("2036", 85)).toEqual(["high 2036-03-11"]);
    expect(read("2019", 85)).toEqual([]);
  });

  it("reports an expired document without a machine-readable zone, apart from forgery", () => {
    const ctx = (docType: "id_card" | "certificate", rows: string[]) =>
      makeContext({ docType, fields: { issue_date: "2010-01-01", expiry_date: "2020-01-01" }, pages: [{ rows }] });
    const card = expiryFinding(ctx("id_card", ["DRIVING LICENCE", "Expires 01/01/2020"]), NOW);
    expect(card).toMatchObject({ check: "content.expired", severity: "info", score: 0 });
    expect(expiryFinding(ctx("certificate", ["First aid certificate"]), NOW)?.severity).toBe("info");
    expect(
      expiryFinding(
        makeContext({ docType: "id_card", fields: { expiry_date: "2030-01-01" }, pages: [{ rows: [] }] }),
        NOW,
      ),
    ).toBeNull();
  });

  it("ignores fields that are not ISO dates", () => {
    expect(run({ date_of_birth: "unknown", graduation_date: "2021" })).toEqual([]);
  });
});

describe("dates read by what they are", () => {
  const order = (
    docType: "diploma" | "certificate" | "transcript" | "employment_letter" | "passport",
    rows: RowSpec[],
    source?: "ocr",
  ) => dateOrderFindings(makeContext({ docType, pages: [{ rows, source, confidence: 72 }] }), NOW);
  const messages = (findings: { message: string }[]) => findings.map((f) => f.message);

  it("holds a diploma dated before its holder's birth, on a line of its own, against the birth", () => {
    const diploma = (awarded: string) => [
      "Northgate University",
      "The Senate of the University certifies that",
      "Jane Doe",
      "born on 12.03.1990",
      "has been admitted to the degree of",
      "Bachelor of Science",
      `on ${awarded}.`,
    ];
    expect(messages(order("diploma", diploma("5 June 1988")))).toEqual([
      "The document's date (1988-06-05) is not after the date of birth (1990-03-12).",
    ]);
    expect(order("diploma", diploma("5 June 2012"))).toEqual([]);
  });

  it("reads birth and award in Spanish and French wording, with their connecting words", () => {
    const titulo = (dated: string) => [
      "Universidad de San Lorenzo",
      "Título de Graduado en Economía",
      "a favor de Lucía Pérez, nacida el 3 de mayo de 2001,",
      `Madrid, ${dated}`,
    ];
    expect(messages(order("diploma", titulo("15 de marzo de 1999")))).toEqual([
      "The document's date (1999-03-15) is not after the date of birth (2001-05-03).",
    ]);
    expect(order("diploma", titulo("15 de marzo de 2024"))).toEqual([]);
    const attestation = (awarded: string) => [
      "Attestation de réussite",
      "Date de naissance : 23/03/1990",
      `Diplôme obtenu le ${awarded}`,
    ];
    expect(messages(order("certificate", attestation("1er juin 1988")))).toEqual([
      "The graduation date (1988-06-01) is not after the date of birth (1990-03-23).",
    ]);
    expect(order("certificate", attestation("1er juin 2012"))).toEqual([]);
  });

  it("holds a record issued before its holder was admitted against the admission", () => {
    const transcript = (issued: string): RowSpec[] => [
      "Transcript of Academic Record",
      [
        [0.08, "Name"],
        [0.3, "Jane Doe"],
      ],
      [
        [0.08, "Date of birth"],
        [0.3, "01.02.1995"],
      ],
      [
        [0.08, "Admitted"],
        [0.3, "01.09.2019"],
      ],
      [
        [0.08, "Date of issue"],
        [0.3, issued],
      ],
    ];
    expect(messages(order("transcript", transcript("10.07.2017")))).toEqual([
      "The document's date (2017-07-10) is before the date of admission (2019-09-01).",
    ]);
    expect(order("transcript", transcript("10.07.2023"))).toEqual([]);
    // Its issue date after a caption whose capital I OCR read as an l.
    const misread = (issued: string) =>
      transcript(issued).map((row) =>
        Array.isArray(row) && row[0]?.[1] === "Date of issue" ? [[0.7, `lssued ${issued}`]] : row,
      ) as RowSpec[];
    expect(messages(order("transcript", misread("10.07.2017")))).toEqual([
      "The document's date (2017-07-10) is before the date of admission (2019-09-01).",
    ]);
    expect(order("transcript", misread("10.07.2023"))).toEqual([]);
  });

  it("holds an employment 'since' a date after the letter's own date, its sentence wrapped", () => {
    const letter = (since: string): RowSpec[] => [
      "Brightwater Analytics Ltd",
      "3 March 2021",
      "Employment verification",
      "This letter confirms that Jane Doe, born 1 May 1990, has been employed by Brightwater since",
      `${since} as Senior Analyst on a permanent contract.`,
    ];
    const forged = order("employment_letter", letter("2 June 2022"));
    expect(messages(forged)).toEqual([
      "The employment is said to run since 2022-06-02, after the document's own date (2021-03-03).",
    ]);
    expect(order("employment_letter", letter("2 June 2019"))).toEqual([]);
  });

  it("reads a scanned letter's date through the specks OCR read beside it", () => {
    const letter = (dateline: string, since: string): RowSpec[] => [
      "Brightwater Analytics Ltd",
      dateline,
      "Employment verification",
      `This letter confirms that Jane Doe has been employed by Brightwater since ${since} as Senior Analyst.`,
    ];
    for (const dateline of ["‘ 3 March 2021 .", "London, 3 March 2021 ’", "3 March 2021 |"]) {
      expect(messages(order("employment_letter", letter(dateline, "2 June 2022"), "ocr"))).toEqual([
        "The employment is said to run since 2022-06-02, after the document's own date (2021-03-03).",
      ]);
      expect(order("employment_letter", letter(dateline, "2 June 2019"), "ocr")).toEqual([]);
    }
    // Words beside the date are no specks: a sentence's date is not the letter's.
    expect(order("employment_letter", letter("Paid on 3 March 2021 .", "2 June 2022"), "ocr")).toEqual([]);
  });

  it("reads an employment's start however the letter words it, and the letter's date after 'Date:'", () => {
    const letter = (start: string): RowSpec[] => [
      "Cobalt Systems B.V.",
      "Date: 3 March 2021",
      "Certificate of employment",
      `We confirm that Jane Doe joined Cobalt Systems B.V. on ${start} as Senior Analyst.`,
    ];
    expect(messages(order("employment_letter", letter("2 June 2022")))).toEqual([
      "The employment is said to run since 2022-06-02, after the document's own date (2021-03-03).",
    ]);
    expect(order("employment_letter", letter("2 June 2019"))).toEqual([]);
    const labelled = (start: string): RowSpec[] => ["Cobalt Systems B.V.", "3 March 2021", `Start date: ${start}`];
    expect(order("employment_letter", labelled("2 June 2022"))).toHaveLength(1);
    expect(order("employment_letter", labelled("2 June 2019"))).toEqual([]);
    // An employment still to come (an offer) began at no date: its start may follow the letter.
    const offer: RowSpec[] = ["Cobalt Systems B.V.", "3 March 2021", "Your start date will be 2 June 2022."];
    expect(order("employment_letter", offer)).toEqual([]);
  });

  it("reads captions printed above their dates, column by column", () => {
    const card = (issued: string, expires: string): RowSpec[] => [
      "PASSPORT",
      [
        [0.1, "Date of birth"],
        [0.4, "Date of issue"],
        [0.7, "Date of expiry"],
      ],
      [
        [0.1, "12 MAR 1990"],
        [0.4, issued],
        [0.7, expires],
      ],
    ];
    expect(messages(order("passport", card("05 JAN 2021", "04 JAN 2020")))).toEqual([
      "The document expires (2020-01-04) on or before its issue date (2021-01-05).",
    ]);
    expect(order("passport", card("05 JAN 2020", "04 JAN 2030"))).toEqual([]);
  });

  it("reads a two-column form whose right column's captions sit beside the left column's values", () => {
    // Left column: label above value; the right column's rows are offset by one line.
    const page = (expires: string): RowSpec[] => [
      [
        [0.31, "Given names"],
        [0.64, "Place of birth"],
      ],
      [
        [0.31, "HANNAH"],
        [0.64, "Date of issue"],
      ],
      [
        [0.31, "Nationality"],
        [0.64, "16 SEP 2021"],
      ],
      [
        [0.31, "FRANCE"],
        [0.64, "Date of expiry"],
      ],
      [
        [0.31, "Date of birth"],
        [0.64, expires],
      ],
      [[0.31, "10 FEB 1997"]],
    ];
    expect(order("passport", page("16 SEP 2031"))).toEqual([]);
    expect(messages(order("passport", page("16 SEP 2020")))).toEqual([
      "The document expires (2020-09-16) on or before its issue date (2021-09-16).",
    ]);
  });

  it("uses no date two readers read differently, and says how surely OCR read the rest", () => {
    const rows: RowSpec[] = [
      [
        [0.08, "Date of birth"],
        [0.3, "12.03.1990"],
      ],
      [
        [0.08, "Date of issue"],
        [0.3, "01.02.1989"],
      ],
    ];
    const misread = dateOrderFindings(
      makeContext({ docType: "diploma", fields: { date_of_birth: "1980-03-12" }, pages: [{ rows }] }),
      NOW,
    );
    expect(misread).toEqual([]);
    const ocr = order("diploma", rows, "ocr");
    expect(ocr.map((f) => f.evidence?.reading_confidence)).toEqual([72]);
  });

  it("takes the date of birth the zone certifies over one read from the expiry's line", () => {
    // The field reader took the expiry for the birth: born after the card was issued, in the future.
    const rows: RowSpec[] = ["IDENTITY CARD", "Date of birth 14.02.2029", "Date of issue 14.02.2019"];
    const ctx = makeContext({
      docType: "id_card",
      fields: { date_of_birth: "2029-02-14", issue_date: "2019-02-14" },
      pages: [{ rows, source: "ocr", confidence: 88 }],
    });
    expect(dateOrderFindings(ctx, NOW).map((f) => f.evidence?.date_of_birth)).toContain("2029-02-14");
    expect(dateOrderFindings(ctx, NOW, { date_of_birth: "1967-06-08" })).toEqual([]);
    // A certified birth still holds against an issue date before it; only the print's reading is in doubt.
    const early = dateOrderFindings(ctx, NOW, { date_of_birth: "2020-06-08" });
    expect(early.map((f) => f.message)).toEqual([
      "The issue date (2019-02-14) is not after the date of birth (2020-06-08).",
    ]);
    expect(early[0]!.evidence?.reading_confidence).toBe(88);
  });

  it("reads an identity page's roles and dates under bilingual captions and months, and its spaced dates", () => {
    const page = (issued: string, expires: string): RowSpec[] => [
      "PASSPORT / PASSEPORT",
      [
        [0.3, "7. Date of issue / Date de délivrance"],
        [0.6, "8. Date of expiry / Date d'expiration"],
      ],
      [
        [0.3, issued],
        [0.6, expires],
      ],
    ];
    const run = (rows: RowSpec[]) =>
      dateOrderFindings(makeContext({ docType: "passport", fields: {}, pages: [{ rows, source: "ocr" }] }), NOW);
    // Issued after it expires: the forger's date of issue; its clean twin is in order.
    expect(run(page("12 AOÛT/AUG 23", "12 AOÛT/AUG 13")).map((f) => f.evidence)).toEqual([
      expect.objectContaining({ issue_date: "2023-08-12", expiry_date: "2013-08-12" }),
    ]);
    expect(run(page("12 AOÛT/AUG 13", "12 AOÛT/AUG 23"))).toEqual([]);
    expect(run(page("12 08 2023", "12 08 2013"))).toHaveLength(1);
    expect(run(page("12 08 2013", "12 08 2023"))).toEqual([]);
  });

  it("takes the one other date of an identity page for its issue, where the zone certifies birth and expiry", () => {
    // Captions lost (a faint print on a photo): birth, issue and expiry stand alone on their rows.
    const card = (...dates: string[]): RowSpec[] => ["IDENTITY CARD", "ERIKSSON ANNA MARIA", ...dates];
    const zone = { date_of_birth: "1974-08-12", expiry_date: "2022-04-15" };
    const run = (rows: RowSpec[]) =>
      dateOrderFindings(makeContext({ docType: "id_card", fields: {}, pages: [{ rows, source: "ocr" }] }), NOW, zone);
    // Issued after it expires: the forger's date of issue; its clean twin is in order.
    const forged = run(card("12.08.1974", "16.04.2023", "15.04.2022"));
    expect(forged.map((f) => f.evidence)).toEqual([
      expect.objectContaining({ issue_date: "2023-04-16", expiry_date: "2022-04-15" }),
    ]);
    expect(run(card("12.08.1974", "16.04.2012", "15.04.2022"))).toEqual([]);
    // A date one character from the expiry may be the expiry misread; two others, no single issue.
    expect(run(card("12.08.1974", "15.04.2027", "15.04.2022"))).toEqual([]);
    expect(run(card("12.08.1974", "16.04.2023", "01.02.2019", "15.04.2022"))).toEqual([]);
    // With the expiry not found printed (its year garbled), a date far from it is still the issue;
    // one two characters from it may be the expiry misread.
    expect(run(card("12.08.1974", "19.01.2024")).map((f) => f.evidence)).toEqual([
      expect.objectContaining({ issue_date: "2024-01-19", expiry_date: "2022-04-15" }),
    ]);
    expect(run(card("12.08.1974", "19.01.2012"))).toEqual([]);
    // Without the zone, or with a date that may be the unfound expiry misread, none is named by elimination.
    const bare = makeContext({
      docType: "id_card",
      fields: {},
      pages: [{ rows: card("12.08.1974", "16.04.2023", "15.04.2022"), source: "ocr" }],
    });
    expect(dateOrderFindings(bare, NOW)).toEqual([]);
    expect(run(card("12.08.1974", "16.04.2023"))).toEqual([]);
  });
});
