// Parses machine-readable zones (ICAO 9303 TD1, TD2, TD3, MRV-A, MRV-B) from text that may come
// from OCR: characters are corrected by what the layout allows at each position (digits in dates
// and check digits, letters in country codes and names), and every check digit is verified.
import { checkDigit, isValidCheckDigit } from "./check-digit";
import { type CheckName, type Layout, type MrzFormat, kindMask, layoutFor } from "./layouts";

export interface MrzDate {
  /** YYMMDD as printed in the zone. */
  raw: string;
  yy: number;
  month: number;
  day: number;
  /** False for a month or day that cannot exist (13th month, 31 April…). */
  valid: boolean;
}

export interface CheckResult {
  check: CheckName;
  data: string;
  found: string;
  expected: number | null;
  valid: boolean;
  /** A reading of the data with one letter/digit OCR confusions swapped that validates. */
  ocrReading?: string;
}

export interface ParsedMrz {
  format: MrzFormat;
  lines: string[];
  /** Lines whose length had to be fitted to the layout by stretching a run of fillers. */
  fitted: boolean[];
  /**
   * Per line, how many leading characters sit where OCR put them: a field before this point is
   * read in place, one after it may have moved with the fitting.
   */
  inPlace: number[];
  /** Characters changed by position-aware OCR correction. */
  corrections: Array<{ line: number; at: number; from: string; to: string }>;
  documentCode: string;
  issuingState: string;
  surname: string;
  givenNames: string[];
  documentNumber: string;
  nationality: string | null;
  sex: string | null;
  birthDate: MrzDate | null;
  expiryDate: MrzDate | null;
  optionalData: string;
  checks: CheckResult[];
}

const TO_DIGIT: Record<string, string> = {
  O: "0",
  Q: "0",
  D: "0",
  U: "0",
  I: "1",
  L: "1",
  Z: "2",
  S: "5",
  G: "6",
  B: "8",
  T: "7",
};
const TO_LETTER: Record<string, string> = {
  "0": "O",
  "1": "I",
  "2": "Z",
  "5": "S",
  "6": "G",
  "8": "B",
  "4": "A",
  "7": "T",
};
/** Letter/digit pairs OCR confuses in alphanumeric fields, where either reading is legal. */
export const ALNUM_SWAPS: Record<string, string[]> = {
  "0": ["O", "D", "Q"],
  O: ["0"],
  D: ["0"],
  Q: ["0"],
  "1": ["I", "L"],
  // A J loses its hook in a blurred photo; OCR reads it as I.
  I: ["1", "J"],
  J: ["I"],
  L: ["1"],
  "2": ["Z"],
  Z: ["2"],
  "5": ["S"],
  S: ["5"],
  "6": ["G"],
  G: ["6"],
  "8": ["B"],
  B: ["8"],
};

/** Uppercases, maps look-alikes of '<' and drops spaces OCR inserts between characters. */
export function cleanMrzLine(raw: string): string {
  let line = raw
    .replace(/[«‹≪﹤＜]/g, "<")
    .replace(/\s+/g, "")
    // Page borders and specks read as |, ', . around the zone.
    .replace(/^[^A-Za-z0-9<]+|[^A-Za-z0-9<]+$/g, "");
  // The zone is upper case only: lower-case letters after a filler are fillers misread (OCR
  // reads a run of '<' as "cccccs" or "kkk").
  for (let previous = ""; previous !== line;) {
    previous = line;
    line = line.replace(/(?<=<)[a-z]/g, "<");
  }
  // Read with the zone alphabet only, the same runs come out as K, C or L mixed with fillers to
  // the end of the line ("<<<<LLLL<LL"); no name or number ends that way.
  return line.toUpperCase().replace(/<[<KCL]*$/, (run) => (/^<{2}|<<$/.test(run) ? "<".repeat(run.length) : run));
}

/** OCR gains or loses a filler in long '<' runs; stretch or shrink the longest run to fit. */
export function fitLineLength(line: string, length: number): string | null {
  const delta = length - line.length;
  if (delta === 0) return line;
  // Fillers that end a line carry no data: their count can be anything OCR made of it.
  const tail = /<{2,}$/.exec(line)?.[0].length ?? 0;
  if (tail > 0 && tail + delta >= 1) {
    return delta > 0 ? line + "<".repeat(delta) : line.slice(0, line.length + delta);
  }
  const runs = [...line.matchAll(/<{2,}/g)];
  const longest = runs.reduce<RegExpExecArray | RegExpMatchArray | null>(
    (a, b) => (a === null || b[0].length > a[0].length ? b : a),
    null,
  );
  // A long run of fillers is where OCR miscounts; it can absorb more than a stray character,
  // but never so much that data would have to move.
  const slack = longest && longest[0].length >= 8 ? Math.min(6, longest[0].length - 2) : 2;
  if (Math.abs(delta) > slack) return null;
  if (!longest) {
    return delta > 0 && line.endsWith("<") ? line + "<".repeat(delta) : null;
  }
  const at = (longest.index ?? 0) + longest[0].length;
  return delta > 0
    ? line.slice(0, at) + "<".repeat(delta) + line.slice(at)
    : line.slice(0, at + delta) + line.slice(at);
}

/**
 * Optional-data fields are left-justified and padded with fillers: a run of only K, C and L after
 * a filler that reaches the field's end is its padding misread ("<<<<<<LLLLL<<<" before the
 * check digits of a passport's personal number). Recorded as corrections, so a check that fails
 * over them is never read soundly enough to be called an edit.
 */
function paddingOfOptionalFields(lines: string[], layout: Layout, corrections: ParsedMrz["corrections"]): string[] {
  const out = [...lines];
  for (const field of layout.fields) {
    if (field.field !== "optional_data" && field.field !== "optional_data_2") continue;
    const line = out[field.line] ?? "";
    const text = line.slice(field.start, field.end);
    const run = /(?<=<)[KCL]{2,}(?=<*$)/.exec(text);
    if (!run) continue;
    for (let i = 0; i < run[0].length; i++) {
      const at = field.start + run.index + i;
      corrections.push({ line: field.line, at, from: line[at] as string, to: "<" });
    }
    out[field.line] =
      line.slice(0, field.start + run.index) +
      "<".repeat(run[0].length) +
      line.slice(field.start + run.index + run[0].length);
  }
  return out;
}

function correct(lines: string[], layout: Layout): { lines: string[]; corrections: ParsedMrz["corrections"] } {
  const mask = kindMask(layout);
  const corrections: ParsedMrz["corrections"] = [];
  const out = lines.map((line, li) =>
    [...line]
      .map((ch, at) => {
        const kind = mask[li]?.[at] ?? "alnum";
        let to = ch;
        if (kind === "digit" && TO_DIGIT[ch]) to = TO_DIGIT[ch];
        else if ((kind === "alpha" || kind === "name") && TO_LETTER[ch]) to = TO_LETTER[ch];
        else if (kind === "sex" && !/[MFX<]/.test(ch)) to = ch === "H" ? "M" : ch === "E" || ch === "P" ? "F" : ch;
        if (!/[A-Z0-9<]/.test(to)) to = "<";
        if (to !== ch) corrections.push({ line: li, at, from: ch, to });
        return to;
      })
      .join(""),
  );
  // OCR reads a lone filler between fillers as K, C or L, and the run of fillers that ends a
  // name line as "LLLL"; no name or number has a one-letter token flanked by fillers, nor a
  // token of only K, C and L after a filler at the line's end.
  const fillers = out.map((line) =>
    line.replace(/(?<=<)[KCL«](?=<)/g, "<").replace(/(?<=<)[KCL]{2,}(?=<*$)/g, (run) => "<".repeat(run.length)),
  );
  return { lines: paddingOfOptionalFields(fillers, layout, corrections), corrections };
}

export function parseMrzDate(raw: string): MrzDate | null {
  if (!/^\d{6}$/.test(raw)) return null;
  const yy = Number(raw.slice(0, 2));
  const month = Number(raw.slice(2, 4));
  const day = Number(raw.slice(4, 6));
  // Leap years: any 2-digit year divisible by 4 maps to a leap year in 1904–2096 except 1900/2100.
  const leap = yy % 4 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  const valid = month >= 1 && month <= 12 && day >= 1 && day <= (days[month - 1] ?? 0);
  return { raw, yy, month, day, valid };
}

const isDigit = (ch: string | undefined) => ch !== undefined && ch >= "0" && ch <= "9";
const isLetter = (ch: string | undefined) => ch !== undefined && ch >= "A" && ch <= "Z";

/**
 * Readings of `data` with one letter/digit confusion undone. Only a character whose class differs
 * from its neighbours is a plausible misread: an O between digits, a 5 between letters, or the
 * last letter before a run of digits ("ZNO468115" for ZN0468115). Trying every position would
 * excuse a changed digit about half the time by coincidence.
 */
function* ocrVariants(data: string): Generator<string> {
  for (let i = 1; i < data.length - 1; i++) {
    const ch = data[i] as string;
    const before = data[i - 1];
    const after = data[i + 1];
    const isolated =
      (isLetter(ch) && isDigit(before) && isDigit(after)) || (isDigit(ch) && isLetter(before) && isLetter(after));
    const boundary = isLetter(ch) && isLetter(before) && /^\d{3}/.test(data.slice(i + 1));
    if (!isolated && !boundary) continue;
    for (const swap of ALNUM_SWAPS[ch] ?? []) yield data.slice(0, i) + swap + data.slice(i + 1);
  }
}

function take(lines: string[], line: number, start: number, end: number): string {
  return (lines[line] ?? "").slice(start, end);
}

/** Document numbers longer than 9 characters continue in the optional data (TD1, TD2). */
function extendedNumber(layout: Layout, lines: string[]): { number: string; digit: string } | null {
  if (layout.format === "TD1" && lines[0]?.[14] === "<") {
    const ext = take(lines, 0, 15, 30).split("<")[0] ?? "";
    if (ext.length < 2) return null;
    return { number: take(lines, 0, 5, 14) + ext.slice(0, -1), digit: ext.slice(-1) };
  }
  if (layout.format === "TD2" && lines[1]?.[9] === "<") {
    const ext = take(lines, 1, 28, 35).split("<")[0] ?? "";
    if (ext.length < 2) return null;
    return { number: take(lines, 1, 0, 9) + ext.slice(0, -1), digit: ext.slice(-1) };
  }
  return null;
}

function runChecks(layout: Layout, lines: string[], alnumData: (check: CheckName) => boolean): CheckResult[] {
  const extended = extendedNumber(layout, lines);
  return layout.checks.map((spec) => {
    let data = spec.data.map((span) => take(lines, span.line, span.start, span.end)).join("");
    let found = lines[spec.digit.line]?.[spec.digit.at] ?? "";
    if (spec.check === "document_number" && extended) {
      data = extended.number;
      found = extended.digit;
    }
    const valid = isValidCheckDigit(data, found);
    const result: CheckResult = { check: spec.check, data, found, expected: checkDigit(data), valid };
    if (!valid && alnumData(spec.check)) {
      for (const variant of ocrVariants(data)) {
        if (isValidCheckDigit(variant, found)) {
          result.ocrReading = variant;
          break;
        }
      }
    }
    return result;
  });
}

function splitName(field: string): { surname: string; givenNames: string[] } {
  const [surname = "", given = ""] = field.split("<<");
  return {
    surname: surname.replace(/<+/g, " ").trim(),
    givenNames: given
      .split("<")
      .map((t) => t.trim())
      .filter(Boolean),
  };
}

/**
 * Parses 2 or 3 MRZ lines (already grouped) into fields and check results, or null when they do
 * not fit any layout. `fromOcr` enables letter/digit confusion readings of alphanumeric data.
 */
export function parseMrz(rawLines: readonly string[], options: { fromOcr: boolean }): ParsedMrz | null {
  const cleaned = rawLines.map(cleanMrzLine);
  // The longer line decides between 36 and 44: OCR loses fillers, it rarely invents characters.
  const longest = Math.max(...cleaned.map((l) => l.length));
  const target = cleaned.length === 3 ? 30 : Math.abs(longest - 44) <= Math.abs(longest - 36) ? 44 : 36;
  // Two lines of a three-line card zone are not a two-line zone: one line must come close.
  if (Math.abs(longest - target) > 4) return null;
  const fitted = cleaned.map((line) => fitLineLength(line, target));
  if (fitted.some((l) => l === null)) return null;
  const wasFitted = cleaned.map((line) => line.length !== target);
  const inPlace = cleaned.map((line, i) => {
    const fit = fitted[i] as string;
    let at = 0;
    while (at < target && line[at] === fit[at]) at++;
    return at;
  });
  const layout = layoutFor(fitted as string[]);
  if (!layout) return null;
  const { lines, corrections } = correct(fitted as string[], layout);
  const field = (name: string) => {
    const spec = layout.fields.find((x) => x.field === name);
    return spec ? take(lines, spec.line, spec.start, spec.end) : "";
  };

  let surname: string;
  let givenNames: string[];
  if (layout.format === "FRA_ID") {
    surname = field("surname").replace(/<+/g, " ").trim();
    givenNames = field("given_names")
      .split("<<")
      .flatMap((n) => n.split("<"))
      .filter(Boolean);
  } else {
    ({ surname, givenNames } = splitName(field("name")));
  }
  const extended = extendedNumber(layout, lines);
  const alnumChecks = new Set<CheckName>(["document_number", "optional_data", "composite"]);
  return {
    format: layout.format,
    lines,
    fitted: wasFitted,
    inPlace,
    corrections,
    documentCode: field("document_code").replace(/<+$/, ""),
    issuingState: field("issuing_state").replace(/<+/g, ""),
    surname,
    givenNames,
    documentNumber: (extended?.number ?? field("document_number")).replace(/<+/g, ""),
    nationality: field("nationality").replace(/<+/g, "") || null,
    sex: /^[MF]$/.test(field("sex")) ? field("sex") : field("sex") === "X" ? "X" : null,
    birthDate: parseMrzDate(field("date_of_birth")),
    expiryDate: parseMrzDate(field("expiry_date")),
    optionalData: field("optional_data").replace(/<+$/, ""),
    checks: runChecks(layout, lines, (check) => options.fromOcr && alnumChecks.has(check)),
  };
}
