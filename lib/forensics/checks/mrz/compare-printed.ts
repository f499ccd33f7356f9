// Compares what the MRZ encodes with the fields printed in the visual zone. A forger who edits
// the printed name or date rarely re-encodes the zone (and its check digits) to match.
import type { FieldValue } from "../../types";
import { findDates } from "../content/parse-date";
import { isCountryCode } from "./country-codes";
import type { ParsedMrz } from "./parse-mrz";

export interface PrintedMismatch {
  field: "holder_name" | "date_of_birth" | "expiry_date" | "document_number" | "nationality" | "sex";
  mrz: string;
  printed: string;
}

/** ICAO 9303 part 3 §6 transliterations, so a printed "Müller" matches MRZ "MUELLER" or "MULLER". */
const TRANSLITERATIONS: Array<[RegExp, string]> = [
  [/Ä/g, "AE"],
  [/Ö/g, "OE"],
  [/Ü/g, "UE"],
  [/ß/g, "SS"],
  [/Å/g, "AA"],
  [/Æ/g, "AE"],
  [/Ø/g, "OE"],
  [/Œ/g, "OE"],
  [/Þ/g, "TH"],
  [/Ð/g, "D"],
];

const stripAccents = (s: string) => s.normalize("NFD").replace(/\p{M}/gu, "");

/** Name tokens in MRZ spelling, both with ICAO transliteration and plain accent stripping. */
export function nameTokens(name: string): Set<string> {
  const upper = name.toUpperCase();
  const transliterated = TRANSLITERATIONS.reduce((s, [re, to]) => s.replace(re, to), upper);
  const tokens = new Set<string>();
  for (const form of [stripAccents(upper), stripAccents(transliterated)]) {
    for (const token of form.split(/[^A-Z]+/)) if (token) tokens.add(token);
  }
  return tokens;
}

export function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0] as number;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = row[j] as number;
      row[j] = Math.min((row[j] as number) + 1, (row[j - 1] as number) + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = tmp;
    }
  }
  return row[b.length] as number;
}

/**
 * Equal, or one OCR'd glyph read twice or lost ("MKO0985992" for MK0985992). A forger who
 * retypes a number changes a character and keeps its length, so a substitution still counts.
 */
function oneGlyphApart(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) !== 1 || Math.min(a.length, b.length) < 6) return false;
  return editDistance(a, b) === 1;
}

/**
 * A printed number OCR took only partly: what it read is the zone's number without its letter
 * prefix or a trailing character ("7461349" of FJ7461349). An edited number differs inside.
 */
function partOf(printed: string, zone: string): boolean {
  return printed.length >= 6 && printed.length < zone.length && zone.includes(printed);
}

/**
 * Letter/digit look-alikes folded together, for numbers read by OCR: the printed number is read by
 * the page's OCR in the page's face, where a T loses its left arm to a 7 and an A its bar to a 4.
 */
export function canonicalNumber(value: string): string {
  return value
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, "")
    .replace(/[OQD]/g, "0")
    .replace(/[IL]/g, "1")
    .replace(/Z/g, "2")
    .replace(/A/g, "4")
    .replace(/S/g, "5")
    .replace(/G/g, "6")
    .replace(/T/g, "7")
    .replace(/B/g, "8");
}

function tokenMatches(mrzToken: string, printed: Set<string>, fuzzy: boolean, truncated: boolean): boolean {
  for (const token of printed) {
    if (token === mrzToken) return true;
    if (truncated && token.startsWith(mrzToken)) return true;
    if (fuzzy && mrzToken.length >= 4 && editDistance(token, mrzToken) <= 1) return true;
  }
  return false;
}

/**
 * Tokens with adjacent ones also joined: OCR splits a name at a wide letter gap ("KEN JI") or
 * runs two words together, and either side may have been written without the space.
 */
function withJoins(tokens: string[]): Set<string> {
  const out = new Set(tokens);
  for (let i = 0; i < tokens.length; i++) {
    for (let j = i + 2; j <= Math.min(tokens.length, i + 3); j++) out.add(tokens.slice(i, j).join(""));
  }
  return out;
}

function orderedNameTokens(name: string): string[] {
  const upper = stripAccents(TRANSLITERATIONS.reduce((s, [re, to]) => s.replace(re, to), name.toUpperCase()));
  return upper.split(/[^A-Z]+/).filter(Boolean);
}

function compareName(mrz: ParsedMrz, printedName: string, fuzzy: boolean): PrintedMismatch | null {
  const printedOrdered = orderedNameTokens(printedName);
  const printed = new Set([...nameTokens(printedName), ...withJoins(printedOrdered)]);
  const surname = mrz.surname.split(" ").filter(Boolean);
  const given = mrz.givenNames;
  const all = [...surname, ...given];
  // A lone letter ("F", a sex column's value read beside the surname's caption) is no name to hold
  // against the zone's: the reader took it from the wrong place.
  if (all.length === 0 || (printedOrdered.length === 1 && (printedOrdered[0] as string).length < 2)) return null;
  // The name field is cut at the line's end when the name is too long; its last token may be
  // a prefix of the printed one.
  const lastLine = mrz.lines[mrz.format === "TD1" ? 2 : 0] ?? "";
  const truncated = !lastLine.endsWith("<");
  const joinedMrz = withJoins(all);
  const matched = (token: string, i: number) =>
    tokenMatches(token, printed, fuzzy, truncated && i === all.length - 1) ||
    // A token printed as two ("KEN JI" for KENJI) or the zone's two tokens printed as one.
    [...joinedMrz].some((joined) => joined.includes(token) && tokenMatches(joined, printed, fuzzy, false)) ||
    (printedOrdered.length > 1 && withJoins(printedOrdered).has(token));
  const missing = all.filter((token, i) => !matched(token, i));
  // A printed name whose every word is in the zone is a partial reading of the name field
  // (the given names alone), not a different name; an edited name brings a word of its own.
  const zoneTokens = new Set([...all, ...joinedMrz]);
  const foreign = printedOrdered.filter(
    (t) => !tokenMatches(t, zoneTokens, fuzzy, false) && ![...zoneTokens].some((z) => z.includes(t) && t.length >= 2),
  );
  if (foreign.length === 0 && printedOrdered.length > 0) return null;
  // Printed names often omit middle names; the surname and the first given name must be there.
  const essential = [...surname, ...given.slice(0, 1)];
  if (!missing.some((t) => essential.includes(t))) return null;
  return { field: "holder_name", mrz: [mrz.surname, given.join(" ")].filter(Boolean).join(", "), printed: printedName };
}

/**
 * A run no name has: K, C and L (the filler's look-alikes), or one letter three times over (a run
 * of fillers the reader took, cell after cell, for the same wrong glyph): fillers read as letters.
 */
function fillersReadAsLetters(mrz: ParsedMrz): boolean {
  return [mrz.surname, ...mrz.givenNames].some((token) => /[KCL]{4,}|([A-Z])\1{2,}/.test(token.replace(/\s+/g, "")));
}

/** A zone name of one word, no given name after it, where the print names the holder in several. */
function separatorUnread(mrz: ParsedMrz, printed: string): boolean {
  return mrz.givenNames.length === 0 && !mrz.surname.includes(" ") && orderedNameTokens(printed).length >= 2;
}

/**
 * The zone's name as read, and, where OCR read no given name but a single filler parts the
 * surname's words, the name with that filler taken for the separator whose other half it lost or
 * read as its look-alike K or C ("HORVAT<KLARS" for HORVAT<<LARS). The print disagrees with the
 * zone only when it disagrees with every one of them.
 */
function nameReadings(mrz: ParsedMrz): ParsedMrz[] {
  const [first, next, ...rest] = mrz.surname.split(" ").filter(Boolean);
  if (mrz.givenNames.length > 0 || first === undefined || next === undefined) return [mrz];
  const split = (given: string) => ({ ...mrz, surname: first, givenNames: [given, ...rest] });
  return [mrz, split(next), ...(/^[KC]../.test(next) ? [split(next.slice(1))] : [])];
}

/** YYMMDD of an ISO date, or null. */
function isoToMrz(value: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return m ? `${(m[1] as string).slice(2)}${m[2]}${m[3]}` : null;
}

const SEX: Record<string, string> = { M: "M", MALE: "M", F: "F", FEMALE: "F", W: "F", X: "X" };

/**
 * Whether the zone's value is printed somewhere in the visual zone after all. Field extraction
 * can pick a partial name or the wrong line; an edit removes the original value from the page.
 */
function printedElsewhere(m: PrintedMismatch, mrz: ParsedMrz, visual: string, fuzzy: boolean): boolean {
  switch (m.field) {
    case "holder_name": {
      const tokens = nameTokens(visual);
      return [...mrz.surname.split(" "), ...mrz.givenNames.slice(0, 1)]
        .filter(Boolean)
        .every((t) => tokens.has(t) || (fuzzy && t.length >= 5 && [...tokens].some((v) => editDistance(v, t) <= 1)));
    }
    case "date_of_birth":
    case "expiry_date": {
      const yymmdd = m.mrz;
      const isos = ["19", "20"].map((c) => `${c}${yymmdd.slice(0, 2)}-${yymmdd.slice(2, 4)}-${yymmdd.slice(4, 6)}`);
      return findDates(visual).some((d) => d.isos.some((iso) => isos.includes(iso)));
    }
    case "document_number": {
      const number = canonicalNumber(m.mrz);
      return visual.split("\n").some((line) => canonicalNumber(line).includes(number));
    }
    default:
      return false;
  }
}

/**
 * Printed fields that disagree with the zone. `fuzzy` (OCR) tolerates one-letter misreads;
 * `visual` (the text outside the zone) clears a field whose zone value is printed after all.
 */
export function comparePrinted(
  mrz: ParsedMrz,
  fields: Record<string, FieldValue>,
  fuzzy: boolean,
  visual?: string,
): PrintedMismatch[] {
  return printedMismatches(mrz, fields, fuzzy)
    .filter((m) => !fuzzy || certifiedByDigit(mrz, m.field))
    .filter((m) => visual === undefined || !printedElsewhere(m, mrz, visual, fuzzy));
}

const DIGIT_OF: Partial<Record<PrintedMismatch["field"], string>> = {
  date_of_birth: "date_of_birth",
  expiry_date: "expiry_date",
  document_number: "document_number",
};

/**
 * Whether an OCR'd zone value can be held against the printed one: a field with a check digit
 * counts only when its digit holds, since otherwise the zone may simply have been misread and the
 * failed digit is reported on its own.
 */
function certifiedByDigit(mrz: ParsedMrz, field: PrintedMismatch["field"]): boolean {
  const digit = DIGIT_OF[field];
  return !digit || mrz.checks.some((c) => c.check === digit && c.valid);
}

function printedMismatches(mrz: ParsedMrz, fields: Record<string, FieldValue>, fuzzy: boolean): PrintedMismatch[] {
  const text = (name: string) => {
    const value = fields[name];
    return typeof value === "string" && value.trim() !== "" ? value.trim() : null;
  };
  const out: PrintedMismatch[] = [];

  const name = text("holder_name");
  // The name line has no check digit: read by OCR with its fillers turned into letters
  // ("ELENACKCCCLCLLLL"), or with the two fillers between surname and given names read as letters
  // ("LINDAQVIBISINES", no given name where the print has several words), it is no name to hold
  // the print against.
  if (name && !(fuzzy && (fillersReadAsLetters(mrz) || separatorUnread(mrz, name)))) {
    const mismatches = (fuzzy ? nameReadings(mrz) : [mrz]).map((reading) => compareName(reading, name, fuzzy));
    if (mismatches.every(Boolean)) out.push(mismatches[0] as PrintedMismatch);
  }
  for (const [field, date] of [
    ["date_of_birth", mrz.birthDate],
    ["expiry_date", mrz.expiryDate],
  ] as const) {
    const printed = text(field);
    const encoded = printed ? isoToMrz(printed) : null;
    if (printed && encoded && date && encoded !== date.raw) out.push({ field, mrz: date.raw, printed });
  }
  const number = text("document_number");
  if (number && mrz.documentNumber) {
    const same = fuzzy
      ? oneGlyphApart(canonicalNumber(number), canonicalNumber(mrz.documentNumber)) ||
        partOf(canonicalNumber(number), canonicalNumber(mrz.documentNumber))
      : number.toUpperCase().replace(/[^A-Z0-9]/g, "") === mrz.documentNumber;
    if (!same) out.push({ field: "document_number", mrz: mrz.documentNumber, printed: number });
  }
  // A printed code that is no country's ("ITI" from a card's photo and caption run together) is the
  // print misread: an edit writes a real one.
  const nationality = text("nationality")?.toUpperCase();
  if (nationality && isCountryCode(nationality) && mrz.nationality && nationality !== alpha3Of(mrz.nationality)) {
    out.push({ field: "nationality", mrz: mrz.nationality, printed: nationality });
  }
  const sex = SEX[text("sex")?.toUpperCase() ?? ""];
  if (sex && mrz.sex && sex !== mrz.sex) out.push({ field: "sex", mrz: mrz.sex, printed: text("sex") as string });
  return out;
}

/** ICAO 9303 keeps Germany's one-letter code "D" in the zone, while the page prints DEU. */
function alpha3Of(zoneCode: string): string {
  const code = zoneCode.replace(/</g, "");
  return code === "D" ? "DEU" : code;
}
