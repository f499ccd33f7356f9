// The machine-readable zone layouts of ICAO 9303 (parts 4–7), as character spans per line, and
// the one widespread national layout that is not ICAO (French identity card before 2021) so that
// it is not mistaken for a TD2 with wrong check digits.

export type MrzFormat = "TD1" | "TD2" | "TD3" | "MRVA" | "MRVB" | "FRA_ID";

/** What a position may hold; drives OCR correction (digits vs letters). */
export type CharKind = "digit" | "alpha" | "alnum" | "sex" | "name";

export type FieldName =
  | "document_code"
  | "issuing_state"
  | "name"
  | "surname"
  | "given_names"
  | "document_number"
  | "nationality"
  | "date_of_birth"
  | "sex"
  | "expiry_date"
  | "optional_data"
  | "optional_data_2"
  | "office";

export interface Span {
  line: number;
  start: number;
  end: number;
}

export interface FieldSpec extends Span {
  field: FieldName;
  kind: CharKind;
}

export type CheckName = "document_number" | "date_of_birth" | "expiry_date" | "optional_data" | "composite";

export interface CheckSpec {
  check: CheckName;
  /** Data the digit covers, concatenated in order. */
  data: Span[];
  digit: { line: number; at: number };
}

export interface Layout {
  format: MrzFormat;
  lineLength: number;
  lineCount: number;
  fields: FieldSpec[];
  checks: CheckSpec[];
}

const f = (field: FieldName, line: number, start: number, end: number, kind: CharKind): FieldSpec => ({
  field,
  line,
  start,
  end,
  kind,
});
const s = (line: number, start: number, end: number): Span => ({ line, start, end });
const c = (check: CheckName, data: Span[], line: number, at: number): CheckSpec => ({
  check,
  data,
  digit: { line, at },
});

/** Line 2 of TD2/TD3/MRV: number, nationality, birth, sex, expiry with their check digits. */
function visualZoneLine2(optionalEnd: number): { fields: FieldSpec[]; checks: CheckSpec[] } {
  return {
    fields: [
      f("document_number", 1, 0, 9, "alnum"),
      f("nationality", 1, 10, 13, "alpha"),
      f("date_of_birth", 1, 13, 19, "digit"),
      f("sex", 1, 20, 21, "sex"),
      f("expiry_date", 1, 21, 27, "digit"),
      f("optional_data", 1, 28, optionalEnd, "alnum"),
    ],
    checks: [
      c("document_number", [s(1, 0, 9)], 1, 9),
      c("date_of_birth", [s(1, 13, 19)], 1, 19),
      c("expiry_date", [s(1, 21, 27)], 1, 27),
    ],
  };
}

function twoLine(format: MrzFormat, length: number, optionalEnd: number, extra: CheckSpec[]): Layout {
  const line2 = visualZoneLine2(optionalEnd);
  return {
    format,
    lineLength: length,
    lineCount: 2,
    fields: [
      f("document_code", 0, 0, 2, "alpha"),
      f("issuing_state", 0, 2, 5, "alpha"),
      f("name", 0, 5, length, "name"),
      ...line2.fields,
    ],
    checks: [...line2.checks, ...extra],
  };
}

const CHECK_DIGIT_KIND: CharKind = "digit";

export const LAYOUTS: Record<MrzFormat, Layout> = {
  TD3: twoLine("TD3", 44, 42, [
    c("optional_data", [s(1, 28, 42)], 1, 42),
    c("composite", [s(1, 0, 10), s(1, 13, 20), s(1, 21, 43)], 1, 43),
  ]),
  MRVA: twoLine("MRVA", 44, 44, []),
  TD2: twoLine("TD2", 36, 35, [c("composite", [s(1, 0, 10), s(1, 13, 20), s(1, 21, 35)], 1, 35)]),
  MRVB: twoLine("MRVB", 36, 36, []),
  TD1: {
    format: "TD1",
    lineLength: 30,
    lineCount: 3,
    fields: [
      f("document_code", 0, 0, 2, "alpha"),
      f("issuing_state", 0, 2, 5, "alpha"),
      f("document_number", 0, 5, 14, "alnum"),
      f("optional_data", 0, 15, 30, "alnum"),
      f("date_of_birth", 1, 0, 6, "digit"),
      f("sex", 1, 7, 8, "sex"),
      f("expiry_date", 1, 8, 14, "digit"),
      f("nationality", 1, 15, 18, "alpha"),
      f("optional_data_2", 1, 18, 29, "alnum"),
      f("name", 2, 0, 30, "name"),
    ],
    checks: [
      c("document_number", [s(0, 5, 14)], 0, 14),
      c("date_of_birth", [s(1, 0, 6)], 1, 6),
      c("expiry_date", [s(1, 8, 14)], 1, 14),
      c("composite", [s(0, 5, 30), s(1, 0, 7), s(1, 8, 15), s(1, 18, 29)], 1, 29),
    ],
  },
  FRA_ID: {
    format: "FRA_ID",
    lineLength: 36,
    lineCount: 2,
    fields: [
      f("document_code", 0, 0, 2, "alpha"),
      f("issuing_state", 0, 2, 5, "alpha"),
      f("surname", 0, 5, 30, "name"),
      f("office", 0, 30, 36, "alnum"),
      f("document_number", 1, 0, 12, "alnum"),
      f("given_names", 1, 13, 27, "name"),
      f("date_of_birth", 1, 27, 33, "digit"),
      f("sex", 1, 34, 35, "sex"),
    ],
    checks: [
      c("document_number", [s(1, 0, 12)], 1, 12),
      c("date_of_birth", [s(1, 27, 33)], 1, 33),
      c("composite", [s(0, 0, 36), s(1, 0, 35)], 1, 35),
    ],
  },
};

/** Kind of every position of every line, check digits included. */
export function kindMask(layout: Layout): CharKind[][] {
  const mask: CharKind[][] = Array.from({ length: layout.lineCount }, () =>
    Array<CharKind>(layout.lineLength).fill("alnum"),
  );
  for (const field of layout.fields) {
    for (let i = field.start; i < field.end; i++) (mask[field.line] as CharKind[])[i] = field.kind;
  }
  for (const check of layout.checks) (mask[check.digit.line] as CharKind[])[check.digit.at] = CHECK_DIGIT_KIND;
  return mask;
}

/** Picks the layout from the line count, length and first character (V = visa). */
export function layoutFor(lines: readonly string[]): Layout | null {
  const first = lines[0] ?? "";
  const length = first.length;
  if (lines.length === 3 && length === 30) return LAYOUTS.TD1;
  if (lines.length !== 2) return null;
  const visa = first.startsWith("V");
  if (length === 44) return visa ? LAYOUTS.MRVA : LAYOUTS.TD3;
  if (length === 36) {
    // The French card keeps a 12-digit number where TD2 has the nationality at 10–12.
    if (first.startsWith("IDFRA") && !/^[A-Z<]{3}$/.test((lines[1] ?? "").slice(10, 13))) {
      return LAYOUTS.FRA_ID;
    }
    return visa ? LAYOUTS.MRVB : LAYOUTS.TD2;
  }
  return null;
}
