import { describe, expect, it } from "vitest";
import { type RowSpec, makeContext } from "@/tests/forensics-support/content-context";
import { mrzFindings } from "./mrz-findings";
import { visualFields } from "./visual-fields";

// ICAO 9303's specimen passport: born 1974-08-12, expires 2012-04-15.
const ZONE = ["P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<", "L898902C36UTO7408122F1204159ZE184226B<<<<<10"];
const BEFORE_EXPIRY = new Date("2010-01-01T00:00:00Z");

/** OCR words: each word its own item, a space apart, starting at x. */
const words = (x: number, text: string): Array<[number, string]> => {
  let at = x;
  return text.split(" ").map((word) => {
    const cell: [number, string] = [at, word];
    at += (word.length + 1) * 0.008;
    return cell;
  });
};

/** A bilingual data page: captions in mixed case, values in capitals under them, two columns. */
function dataPage(birth: string, captions: "mixed" | "capitals" = "mixed"): RowSpec[] {
  const c = (text: string) => (captions === "capitals" ? text.toUpperCase() : text);
  return [
    words(0.05, "UTOPIA PASSPORT / PASSEPORT"),
    words(0.3, c("Surname / Nom")),
    words(0.3, "ERIKSSON"),
    words(0.3, c("Given names / Prénoms")),
    words(0.3, "ANNA MARIA"),
    [...words(0.3, c("Date of birth / Date de naissance")), ...words(0.75, c("Sex / Sexe"))],
    [...words(0.3, birth), ...words(0.75, "F")],
    words(0.3, c("Date of expiry / Date d'expiration")),
    words(0.3, "15 APR 2012"),
    ...ZONE,
  ];
}

const passport = (birth: string, captions?: "mixed" | "capitals") =>
  makeContext({ docType: "passport", pages: [{ source: "ocr", rows: dataPage(birth, captions) }] });

describe("visual zone fields", () => {
  it("reads values under bilingual captions, a second caption on the row left out", () => {
    expect(visualFields(passport("12 AUG 1974").pages)).toEqual({
      holder_name: "ANNA MARIA ERIKSSON",
      date_of_birth: "1974-08-12",
      expiry_date: "2012-04-15",
    });
  });

  it("does not take a caption printed in capitals for the value", () => {
    expect(visualFields(passport("12 AUG 1974", "capitals").pages)).toMatchObject({
      holder_name: "ANNA MARIA ERIKSSON",
      date_of_birth: "1974-08-12",
    });
  });

  it("holds a printed birth date the read stage missed against the zone", () => {
    const mismatches = (ctx: ReturnType<typeof passport>) =>
      mrzFindings(ctx, BEFORE_EXPIRY).filter((f) => f.check === "mrz.printed_mismatch");
    // The forger changed the printed year and left the zone (and its check digits) as they were.
    const edited = mismatches(passport("12 AUG 1979"));
    expect(edited.map((f) => f.evidence?.field)).toEqual(["date_of_birth"]);
    expect(mismatches(passport("12 AUG 1974"))).toEqual([]);
  });
});

describe("a data page laid out as a table, captions left and values across a gap", () => {
  const table = (given: string): RowSpec[] => [
    words(0.05, "UTOPIA IDENTITY CARD"),
    [...words(0.3, "Surname:"), ...words(0.58, "ERIKSSON")],
    [...words(0.3, "Given names:"), ...words(0.58, given)],
    [...words(0.3, "Nationality:"), ...words(0.58, "UTOPIA")],
    [...words(0.3, "Date of birth:"), ...words(0.58, "26.08.1974")],
  ];

  it("reads each value across the gap, and never the next row's caption as a value", () => {
    const fields = visualFields(makeContext({ pages: [{ rows: table("ANNA MARIA"), source: "ocr" }] }).pages);
    expect(fields).toMatchObject({ holder_name: "ANNA MARIA ERIKSSON", date_of_birth: "1974-08-26" });
    // A form of two columns set half a line apart: the value beside a caption is the other
    // column's (an expiry beside "Date of birth"), its own stands under it.
    const columns = (own: string): RowSpec[] => [
      words(0.6, "Date of expiry"),
      [...words(0.3, "Date of birth"), ...words(0.6, "15 FEB 2029")],
      words(0.3, own),
      words(0.3, "Sex"),
    ];
    const read = (rows: RowSpec[]) => visualFields(makeContext({ pages: [{ rows, source: "ocr" }] }).pages);
    expect(read(columns("08 JUN 1967")).date_of_birth).toBe("1967-06-08");
    // Its own value unread (a faint photo): the other column's date, under its caption, is not taken.
    expect(read(columns("")).date_of_birth).toBeUndefined();
    // Its twin with the value column empty: no caption is taken for a value.
    const empty: RowSpec[] = [words(0.3, "Surname:"), words(0.3, "Given names:"), words(0.3, "Nationality:")];
    expect(visualFields(makeContext({ pages: [{ rows: empty, source: "ocr" }] }).pages)).toEqual({});
  });
});

describe("the holder's name found by the zone's surname, spelt as the zone spells it", () => {
  // The zone transliterates by ICAO 9303 (Ü as UE); the page prints the name in its own letters.
  const zone = ["P<UTOMUELLER<<ANNA<<<<<<<<<<<<<<<<<<<<<<<<<<", ZONE[1] as string];
  const page = (given: string) =>
    makeContext({
      docType: "passport",
      pages: [{ source: "ocr", rows: [words(0.05, "UTOPIA PASSPORT"), words(0.3, `MÜLLER ${given}`), ...zone] }],
    });
  const mismatches = (given: string) =>
    mrzFindings(page(given), BEFORE_EXPIRY).filter((f) => f.check === "mrz.printed_mismatch");

  it("holds a printed given name against the zone's when the surname is printed with its umlaut", () => {
    expect(mismatches("BERTA").map((f) => f.evidence?.field)).toEqual(["holder_name"]);
    expect(mismatches("ANNA")).toEqual([]);
  });
});

describe("the given names found where a caption was not read", () => {
  // An identity card whose faint captions OCR lost: the surname, the given name under it read
  // unsurely, and the holder's signature, "Berta Eriksson", read surely but its surname not.
  const card = (given: string, signed: string, fields: Record<string, string> = {}) => {
    const ctx = makeContext({
      docType: "id_card",
      fields,
      pages: [
        {
          source: "ocr",
          rows: [
            words(0.05, "UTOPIA IDENTITY CARD"),
            words(0.3, "ERIKSSON"),
            words(0.3, given),
            words(0.6, signed),
            ...ZONE,
          ],
        },
      ],
    });
    for (const item of ctx.pages[0]?.text ?? []) {
      if (item.text === given) item.confidence = 49;
      if (item.text === "Eriksson.") item.confidence = 49;
    }
    return ctx;
  };
  const mismatches = (ctx: ReturnType<typeof card>) =>
    mrzFindings(ctx, BEFORE_EXPIRY).filter((f) => f.check === "mrz.printed_mismatch");

  it("takes the given name of a signature whose surname is spelt as the zone spells it", () => {
    expect(mismatches(card("BERTA", "Berta Eriksson.")).map((f) => f.evidence?.printed)).toEqual(["Berta ERIKSSON"]);
    expect(mismatches(card("ANNA", "Anna Eriksson."))).toEqual([]);
  });

  it("looks for the given names when the read stage found only the surname", () => {
    const surname = { holder_name: "ERIKSSON" };
    expect(mismatches(card("BERTA", "Berta Eriksson.", surname)).map((f) => f.evidence?.field)).toEqual([
      "holder_name",
    ]);
    expect(mismatches(card("ANNA", "Anna Eriksson.", surname))).toEqual([]);
  });

  it("takes no name where the signature and the data line give two", () => {
    const ctx = card("BERTA", "Clara Eriksson.");
    for (const item of ctx.pages[0]?.text ?? []) if (item.text === "BERTA") item.confidence = 95;
    expect(mismatches(ctx)).toEqual([]);
  });

  it("sets no fragment read unsurely against the zone, and a whole name only as surely as it was read", () => {
    // A photo blurred the given name: OCR read a fragment of it, "ie", at 53. A pasted name is
    // resampled: OCR reads the whole word, "BERTA", worse than the print around it.
    const read = (given: string, confidence: number) => {
      const ctx = makeContext({
        docType: "id_card",
        fields: { holder_name: `${given} ERIKSSON` },
        pages: [
          {
            source: "ocr",
            rows: [words(0.05, "UTOPIA IDENTITY CARD"), words(0.3, "ERIKSSON"), words(0.3, given), ...ZONE],
          },
        ],
      });
      for (const item of ctx.pages[0]?.text ?? []) if (item.text === given) item.confidence = confidence;
      return mismatches(ctx).map((f) => [f.evidence?.printed, f.evidence?.reading_confidence]);
    };
    expect(read("ie", 53)).toEqual([]);
    expect(read("be", 53)).toEqual([]);
    expect(read("BERTA", 53)).toEqual([["BERTA ERIKSSON", 53]]);
    expect(read("BERTA", 95)).toEqual([["BERTA ERIKSSON", undefined]]);
  });
});
