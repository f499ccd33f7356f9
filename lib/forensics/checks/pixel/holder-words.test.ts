import { describe, expect, it } from "vitest";
import type { TextItem } from "../../context";
import { fieldRegions } from "./field-regions";
import { holderSlotWords, holderWords, readsAsName } from "./holder-words";

/** One line of OCR words, each 0.012 of the page high, laid left to right from `x`. */
function line(y: number, x: number, text: string, height = 0.012): TextItem[] {
  const out: TextItem[] = [];
  for (const t of text.split(" ")) {
    const width = 0.0075 * t.length;
    out.push({ text: t, x, y, width, height, source: "ocr", confidence: 92 });
    x += width + 0.008;
  }
  return out;
}
const texts = (s: Set<TextItem>) => [...s].map((w) => w.text);

describe("holder words", () => {
  it("reads the name a sentence introduces, up to its comma or the first word that is no name", () => {
    const page = [
      ...line(0.1, 0.1, "Certificate of Employment"),
      ...line(0.15, 0.1, "We hereby certify that Pieter Horvat, date of birth 7 March 2000, has worked"),
      ...line(0.17, 0.1, "for our company as Logistics Coordinator since 3 February 2023."),
    ];
    expect(texts(holderWords(page))).toEqual(["Pieter", "Horvat,"]);
    // Typed over the next words, the retype OCR reads as one with them still ends at a lower-case word.
    const retyped = [...line(0.15, 0.1, "We hereby certify that Pieter Hordagtof birth 7 March 2000, has worked")];
    expect(texts(holderWords(retyped))).toEqual(["Pieter", "Hordagtof"]);
  });

  it("reads a name standing on the line after its phrase, and the value of a name caption", () => {
    const diploma = [...line(0.2, 0.35, "This is to certify that"), ...line(0.23, 0.38, "Ines Horvat", 0.02)];
    expect(texts(holderWords(diploma))).toEqual(["Ines", "Horvat"]);
    const payslip = [...line(0.1, 0.1, "Employee: Cars Kowalski"), ...line(0.1, 0.6, "Payroll Number 4411")];
    expect(texts(holderWords(payslip))).toEqual(["Cars", "Kowalski"]);
    const form = [...line(0.1, 0.1, "Full name:"), ...line(0.1, 0.4, "JANE DOE"), ...line(0.12, 0.1, "Born: 1990")];
    expect(texts(holderWords(form))).toEqual(["JANE", "DOE"]);
    // A caption without its colon that is its whole column, the name in the next column.
    const transcript = [
      ...line(0.1, 0.1, "Student"),
      ...line(0.1, 0.3, "Zofia Jansen"),
      ...line(0.12, 0.1, "Programme"),
      ...line(0.12, 0.3, "Bachelor of Science"),
      ...line(0.14, 0.1, "Faculty"),
      ...line(0.14, 0.3, "Engineering"),
    ];
    expect(texts(holderWords(transcript))).toEqual(["Zofia", "Jansen"]);
    // A word of a sentence that happens to be a caption's is none ("the student Maria" reads no column).
    expect(holderWords(line(0.1, 0.1, "Report of the Student Council Meeting")).size).toBe(0);
    expect(holderWords([...line(0.1, 0.1, "Dear Student"), ...line(0.1, 0.5, "Welcome Week")]).size).toBe(0);
  });

  it("takes the first line of an addressee block, beside another column, but not a heading over words", () => {
    const bill = [
      ...line(0.04, 0.1, "Aquavia Water Services", 0.02),
      ...line(0.074, 0.1, "Elena Dubois"),
      ...line(0.074, 0.72, "Customer account 4590752587"),
      ...line(0.088, 0.1, "63 Lindenstraße"),
      ...line(0.088, 0.72, "Invoice date 7 November 2026"),
      ...line(0.102, 0.1, "84722 Sevilla"),
      ...line(0.117, 0.1, "Water your bill"),
    ];
    expect(texts(holderWords(bill))).toEqual(["Elena", "Dubois"]);
    // The same words with no figures under them (a department under a company's name) hold no name.
    const letterhead = [...line(0.04, 0.7, "Volta Energy Services"), ...line(0.054, 0.7, "Human Resources Department")];
    expect(holderWords(letterhead).size).toBe(0);
  });

  it("takes an addressee line read as one word for a name's place where it runs a name into what stands before it", () => {
    // A table's "charge" cloned over the given name, read as one word with the surname beside it;
    // its box, taking in the g's descender and the table's larger type, is 1.7 times the street's.
    const bill = (first: string) => {
      const name = line(0.1043, 0.0831, first, 0.0165);
      return [
        ...line(0.06, 0.0831, "Stadtische Werke Lindau", 0.02),
        ...name,
        ...line(0.1043, 0.6, "Account number 8401817505", 0.0097),
        ...line(0.1214, 0.0863, "63 Calle Mayor", 0.0097),
        ...line(0.1368, 0.0863, "24953 Bremen", 0.0097),
      ];
    };
    expect(texts(holderSlotWords(bill("chargeGarcia")))).toEqual(["chargeGarcia", "63", "Calle", "Mayor"]);
    // A one-word line that runs no name into anything (a heading, a department) is no name's place:
    // only the street's line over the town's stands as a block's first line there.
    expect(texts(holderSlotWords(bill("Electricity")))).toEqual(["63", "Calle", "Mayor"]);
  });

  it("sizes an addressee block's lines without their descenders: a name retyped larger whose surname has a q", () => {
    // OCR boxes from a utility bill whose addressee was retyped in a serif face at 0.95 of the
    // box's height: "Lindqvist"'s box, taking in its descender, stands 1.7 times the height of
    // the street's line of capitals and figures, "Ahmed" 1.3 times.
    const name = line(0.0747, 0.0975, "Ahmed Lindqvist", 0.0097);
    (name[1] as TextItem).height = 0.0125;
    const bill = [
      ...line(0.0388, 0.0975, "EnerNova", 0.0148),
      ...name,
      ...line(0.0741, 0.716, "Customer account 4489828984", 0.0086),
      ...line(0.0889, 0.0991, "161 Via Roma", 0.0074),
      ...line(0.1015, 0.0983, "89349 Sevilla", 0.0086),
      ...line(0.1169, 0.0959, "Gas your bill", 0.0086),
    ];
    expect(texts(holderWords(bill))).toEqual(["Ahmed", "Lindqvist"]);
    // Its twin: a heading whose every word is larger than the lines under it is still no addressee.
    const heading = [
      ...line(0.05, 0.0975, "Annual Statement", 0.0125),
      ...line(0.0889, 0.0991, "161 Via Roma", 0.0074),
      ...line(0.1015, 0.0983, "89349 Sevilla", 0.0086),
    ];
    expect(holderWords(heading).size).toBe(0);
  });

  it("takes no letter's closing for an addressee, however it stands over a signatory's block", () => {
    const block = (first: string) => [
      ...line(0.7, 0.1, first),
      ...line(0.714, 0.1, "Lucia Petrovic"),
      ...line(0.728, 0.1, "Tel. 020 7946 0958"),
    ];
    expect(texts(holderWords(block("Yours Sincerely,")))).toEqual(["Lucia", "Petrovic"]);
    expect(texts(holderWords(block("Mit Freundlichen Grüßen")))).toEqual(["Lucia", "Petrovic"]);
    // Its twin: a name over the same lines is an addressee's.
    expect(texts(holderWords(block("Maria Bianchi")))).toEqual(["Maria", "Bianchi", "Lucia", "Petrovic"]);
  });

  it("keeps a surname OCR misread into signs where a phrase or a caption places the name", () => {
    const letter = [...line(0.15, 0.1, "We hereby certify that Elena Dub@i®, date of birth 7 March 2000")];
    expect(texts(holderWords(letter))).toEqual(["Elena", "Dub@i®,"]);
    const payslip = [...line(0.1, 0.1, "Employee: Tomasz Mot@ai")];
    expect(texts(holderWords(payslip))).toEqual(["Tomasz", "Mot@ai"]);
    // Its twin: the same words where no phrase or caption places a name are no name.
    const addressee = [
      ...line(0.074, 0.1, "Elena Dub@i®"),
      ...line(0.088, 0.1, "63 Lindenstraße"),
      ...line(0.102, 0.1, "84722 Sevilla"),
    ];
    expect(holderWords(addressee).size).toBe(0);
    // A word of figures or of signs alone ends the name as before.
    expect(texts(holderWords([...line(0.15, 0.1, "We hereby certify that Elena D0b@is has worked")]))).toEqual([
      "Elena",
    ]);
    expect(texts(holderWords([...line(0.15, 0.1, "We hereby certify that Elena @®| has worked")]))).toEqual(["Elena"]);
  });

  it("reads the naming phrases of the shared vocabulary in other languages", () => {
    const page = [...line(0.15, 0.1, "L'université décerne à Zofia Jansen le diplôme de master")];
    expect(texts(holderWords(page))).toEqual(["Zofia", "Jansen"]);
  });

  it("reads an employee's name that opens a letter's sentence, before 'has been employed'", () => {
    const page = [
      ...line(0.1, 0.1, "To whom it may concern,"),
      ...line(0.15, 0.1, "Ms. Hannah Silva has been employed by Halvorsen Logistics GmbH since 2019"),
    ];
    expect(texts(holderWords(page))).toEqual(["Hannah", "Silva"]);
    // Retyped and read as signs, the name still stands there for what needs only its place.
    const retyped = [...line(0.15, 0.1, "jonaspubeis Silva has been employed by Halvorsen Logistics")];
    expect(texts(holderWords(retyped))).toEqual([]);
    expect(texts(holderSlotWords(retyped))).toEqual(["jonaspubeis", "Silva"]);
    // Not a name the sentence does not open with, nor a company that employs.
    const inside = [...line(0.15, 0.1, "Since 2019 Hannah Silva has been employed as Sales Manager")];
    expect(holderWords(inside).size).toBe(0);
    const company = [...line(0.15, 0.1, "Halvorsen Logistics GmbH employs Hannah as Sales Manager")];
    expect(holderWords(company).size).toBe(0);
    for (const text of ["The Company has been working with us", "She has worked here since 2019"])
      expect(holderSlotWords(line(0.15, 0.1, text)).size).toBe(0);
  });

  it("finds no name where a phrase introduces none", () => {
    const page = [
      ...line(0.1, 0.1, "This is to certify that the above named student has completed"),
      ...line(0.12, 0.1, "Statement of account for the period"),
    ];
    expect(holderWords(page).size).toBe(0);
  });

  it("makes the holder's name a field of the page even where no field was read", () => {
    const page = [...line(0.15, 0.1, "We hereby certify that Pieter Horvat, born 7 March 2000")];
    const regions = fieldRegions({ fields: {} }, page)!;
    const pieter = page.find((w) => w.text === "Pieter")!;
    expect(regions.some((r) => r.x === pieter.x && r.y === pieter.y)).toBe(true);
    const we = page[0]!;
    expect(regions.some((r) => r.x === we.x && r.y === we.y)).toBe(false);
  });

  it("tells a name read unsurely from what OCR makes of a code or a logo", () => {
    const read = (text: string) => readsAsName({ ...(line(0.1, 0.1, "x")[0] as TextItem), text, confidence: 55 });
    expect(["Silva", "SILVA", "Soha", "O'Neill", "Moreau,"].map(read)).toEqual([true, true, true, true, true]);
    expect(["ie", "[E", "Rr]", "E6555", "silva", "Ab"].map(read)).toEqual([false, false, false, false, false, false]);
  });
});
