// Check-digit findings of a zone: a failed digit is an edit only when the zone was read well
// enough to say so (a text layer, or OCR confirmed by another reading); otherwise it is a doubtful
// reading, a corrected one, or a digit that was never read.
import type { Finding } from "../../types";
import { type CheckName, LAYOUTS } from "./layouts";
import type { MrzBlock } from "./find-mrz";
import { type CheckResult, type MrzDate, type ParsedMrz, cleanMrzLine, parseMrz } from "./parse-mrz";
import { canonicalNumber } from "./compare-printed";
import { type Reading, confirmedByOtherReading, digitRead, soundlyRead } from "./reading-trust";

/**
 * Without a second reading that agrees, a failed digit on OCR counts only when the zone was read
 * with at least this confidence; below it a misread digit (8 for 6, 3 for 8) is as likely as an edit.
 */
const RELIABLE_OCR = 85;

const CHECK_LABEL: Record<string, string> = {
  document_number: "document number",
  date_of_birth: "date of birth",
  expiry_date: "expiry date",
  optional_data: "personal number",
  composite: "composite",
};

const ZONE_CHARACTERS = [..."0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"];

const alnum = (s: string) => s.toUpperCase().replace(/[^A-Z0-9]/g, "");

/**
 * One character misread anywhere in the zone — changed, or gained (OCR doubles a glyph, and the
 * line then loses a filler) — such that every check digit that was read holds and the
 * document number or a date printed in the visual zone comes out: the zone was misread, not
 * edited. The misread glyph must have been in doubt (glyphInDoubt): a shape OCR takes for the
 * one the print needs (letter/digit look-alikes, and digits blur merges, 6 into 0, 8 into 3), or
 * read otherwise by another reading of the zone. A forger who changes one character of the zone
 * and leaves the print alone gives the same picture, all digits holding once it is read back
 * to the print, but the changed glyph is clear and every reading sees it: that zone was edited.
 */
export interface MisreadCorrection {
  line: number;
  at: number;
  from: string;
  /** "" when the glyph was read twice. */
  to: string;
  /** What the corrected zone gives that the document prints. */
  gives: string;
  /** The zone as corrected. */
  mrz: ParsedMrz;
}

/**
 * Glyph pairs OCR takes for one another on OCR-B: letter/digit look-alikes, and the digits and
 * letters blur and perspective merge (an 8 losing its waist to a 3, a 6 closing into a 0, an M
 * losing a stem to an N).
 */
const SHAPE_NEIGHBOURS = [
  ..."O0 D0 Q0 U0 C0 I1 L1 T1 J1 IJ IL IT Z2 S5 G6 B8 A4 38 68 08 06 56 17 49 MN NH HM KX VU VY EF PR OD OQ CG".split(
    " ",
  ),
];
const shapeNeighbours = (a: string, b: string) =>
  SHAPE_NEIGHBOURS.some((p) => p.includes(a) && p.includes(b) && a !== b);

/**
 * Whether the glyph at `at` may be one glyph read twice: it stands beside itself or a shape OCR
 * takes for it ("II" of one I). Dropping any other glyph is no misreading undone, and can settle
 * every check digit by chance: a photographed zone's "G562698549IITA" read back by dropping the
 * 5 gave a number whose check digit the I, taken for a 1, happened to hold.
 */
function readTwice(text: string, at: number): boolean {
  const glyph = text[at] as string;
  return [text[at - 1], text[at + 1]].some((n) => n !== undefined && (n === glyph || shapeNeighbours(n, glyph)));
}

/**
 * Whether the glyph at a cell was in doubt: OCR takes it for a shape it resembles, or another
 * reading of the zone saw something else there. A glyph every reading saw alike, unlike the one
 * the print would need, was read: a zone that fails on it was changed, whatever the print says.
 */
function glyphInDoubt(
  mrz: ParsedMrz,
  others: readonly Pick<MrzBlock, "lines">[],
  line: number,
  at: number,
  to: string,
): boolean {
  const text = mrz.lines[line] ?? "";
  const from = text[at] ?? "";
  if (to === "" || shapeNeighbours(from, to)) return true;
  // A letter stranded between digits is OCR's, never a forger's: a changed number is typed in digits.
  const digit = (ch: string | undefined) => ch !== undefined && ch >= "0" && ch <= "9";
  if (digit(to) && /[A-Z]/.test(from) && digit(text[at - 1]) && digit(text[at + 1])) return true;
  const width = text.length;
  return others.some((other) => {
    if (other.lines.length !== mrz.lines.length) return false;
    const seen = cleanMrzLine(other.lines[line] ?? "");
    return seen.length === width && seen[at] !== from;
  });
}

export function misreadCorrection(
  { mrz, block }: Reading,
  printed: string,
  printedDates: readonly string[],
  /** Other readings of the same zone: a glyph they read otherwise was in doubt. */
  others: readonly Pick<MrzBlock, "lines">[] = [],
): MisreadCorrection | null {
  if (!block.ocr || mrz.checks.every((c) => c.valid)) return null;
  // Read cell by cell from the pixels, a digit that fails over glyphs that each matched their
  // template well, none with a close runner-up (settle-glyphs.ts has tried those), is what the
  // print says: a crisp zone whose character was changed is not to be read back to the print.
  if (block.pass === "geometry") {
    const read = mrz.checks.filter((c) => !c.valid && digitRead(mrz, c.check));
    if (read.length && read.every((c) => !(block.doubtful ?? []).includes(c.check))) return null;
  }
  // Read from the pixels with a failing digit's cells nearly tied, any of its glyphs was in doubt.
  const tiedGlyphs = block.pass === "geometry";
  const printedText = printed.split("\n").map(alnum).join("\n");
  const printedTokens = printed.toUpperCase().split(/[^A-Z0-9]+/);
  // A digit OCR never saw (lost, or a filler where it belongs) cannot speak against the reading.
  const holding = (variant: ParsedMrz | null) =>
    variant && !variant.checks.some((c) => !c.valid && digitRead(mrz, c.check)) ? variant : null;
  const settles = (lines: string[], gained: boolean) => {
    const variant = parseMrz(lines, { fromOcr: false });
    if (!variant) return null;
    // The number as printed where the zone's differs from it only by letter/digit look-alikes
    // (O for 0 in "JF0745776"): that second confusion is the printed number's to settle.
    const number = LAYOUTS[variant.format].fields.find((f) => f.field === "document_number");
    const asPrinted = printedTokens.find(
      (t) =>
        t !== variant.documentNumber &&
        t.length === variant.documentNumber.length &&
        canonicalNumber(t) === canonicalNumber(variant.documentNumber),
    );
    const fixed =
      holding(variant) ??
      (asPrinted &&
      number &&
      lines[number.line]?.slice(number.start, number.start + asPrinted.length) === variant.documentNumber
        ? holding(
            parseMrz(
              lines.map((l, i) =>
                i === number.line ? l.slice(0, number.start) + asPrinted + l.slice(number.start + asPrinted.length) : l,
              ),
              { fromOcr: false },
            ),
          )
        : null);
    if (!fixed) return null;
    if (
      fixed.documentNumber.length >= 5 &&
      fixed.documentNumber !== mrz.documentNumber &&
      printedText.includes(fixed.documentNumber)
    ) {
      return { gives: "document number", mrz: fixed };
    }
    // Or, once a glyph read twice is dropped, a date of the zone comes out as the visual zone
    // prints it (a doubled 0 in "000712"). A date digit changed in place stays the zone's word
    // against the print: no forger gains a glyph, but one may edit a date on one side only.
    const printedDate = (d: MrzDate | null, was: MrzDate | null) =>
      gained && d !== null && d.raw !== was?.raw && printedDates.includes(d.raw);
    if (printedDate(fixed.birthDate, mrz.birthDate)) return { gives: "date of birth", mrz: fixed };
    if (printedDate(fixed.expiryDate, mrz.expiryDate)) return { gives: "expiry date", mrz: fixed };
    return null;
  };
  for (let line = 0; line < mrz.lines.length; line++) {
    const text = mrz.lines[line] as string;
    const withLine = (l: string) => mrz.lines.map((other, i) => (i === line ? l : other));
    for (let at = 0; at < text.length; at++) {
      const from = text[at] as string;
      for (const to of ["", ...ZONE_CHARACTERS]) {
        if (to === from || !(tiedGlyphs || glyphInDoubt(mrz, others, line, at, to))) continue;
        if (to === "" && !readTwice(text, at)) continue;
        // "" is the glyph read twice: dropped, the parse stretching the line's filler run back.
        const changed = text.slice(0, at) + to + text.slice(at + 1);
        const settled = settles(withLine(changed), to === "");
        if (settled) return { line, at, from, to, ...settled };
      }
    }
  }
  return null;
}

function unsure(
  c: CheckResult,
  base: Pick<Finding, "page" | "region">,
  evidence: Record<string, unknown>,
  why: string,
) {
  const label = CHECK_LABEL[c.check] ?? c.check;
  return {
    check: "mrz.check_digit_ocr",
    severity: "low",
    score: 0.15,
    message: `The ${label} check digit of the machine-readable zone reads ${c.found} but the data "${c.data}" gives ${c.expected ?? "no valid digit"}; ${why}, so the zone could not be read reliably enough to call this an edit.`,
    ...base,
    evidence,
  } satisfies Finding;
}

/**
 * Which failed digits are edits rather than misreads. A text layer is what was printed. On OCR a
 * digit counts when some reading of it is sound and another reading of the band saw the same
 * characters, or when the page was read with high confidence and only one field is off (an edit
 * changes one field, and the composite with it; a misread zone fails all over).
 */
function trustedFailures(
  primary: Reading,
  alike: readonly Reading[],
  witnesses: readonly Pick<Reading, "block">[],
): Set<CheckName> {
  const { mrz, block } = primary;
  const failed = mrz.checks.filter((c) => !c.valid);
  if (!block.ocr) return new Set(failed.map((c) => c.check));
  const fieldFailures = failed.filter((c) => c.check !== "composite");
  const confirmed = (check: CheckName) =>
    [primary, ...alike].some(
      (r) =>
        r.mrz.checks.some((c) => c.check === check && !c.valid) &&
        soundlyRead(r.mrz, check) &&
        confirmedByOtherReading(
          r,
          witnesses.filter((w) => w.block !== r.block),
          check,
        ),
    );
  // Read from the pixels cell by cell, a digit that fails on glyphs none of which had a close
  // runner-up is what the print says (settle-glyphs.ts has already tried every near tie).
  const clearGlyphs = (check: CheckName) =>
    block.pass === "geometry" && !(block.doubtful ?? []).includes(check) && soundlyRead(mrz, check);
  const trusted = new Set<CheckName>();
  for (const c of fieldFailures) {
    const sureAlone = soundlyRead(mrz, c.check) && block.confidence >= RELIABLE_OCR && fieldFailures.length === 1;
    if (sureAlone || clearGlyphs(c.check) || confirmed(c.check)) trusted.add(c.check);
  }
  const composite = failed.find((c) => c.check === "composite");
  if (composite && digitRead(mrz, "composite")) {
    // The composite follows a trusted field edit; failing alone it needs a second reading.
    if (
      (trusted.size > 0 && soundlyRead(mrz, "composite")) ||
      (fieldFailures.length === 0 && (confirmed("composite") || clearGlyphs("composite")))
    ) {
      trusted.add("composite");
    }
  }
  return trusted;
}

export function checkDigitFindings(
  primary: Reading,
  alike: readonly Reading[],
  witnesses: readonly Pick<Reading, "block">[],
  printed: string,
  /** The zone read again with one misread character corrected (see misreadCorrection). */
  confirmed: MisreadCorrection | null = null,
): Finding[] {
  const { mrz, block } = primary;
  const failed = mrz.checks.filter((c) => !c.valid);
  if (failed.length === 0) return [];
  const base = { page: block.page, region: block.region };
  if (confirmed) {
    return [
      {
        // Every digit holding after one look-alike swap that gives the printed number is a
        // corrected reading, as a passport reader would make it: nothing is left to doubt.
        check: "mrz.ocr_corrected",
        severity: "info",
        score: 0,
        message: `${failed.length} check digit(s) of the machine-readable zone fail as read, but all hold if the "${confirmed.from}" at line ${confirmed.line + 1}, position ${confirmed.at + 1} is ${confirmed.to ? `read as "${confirmed.to}"` : "read as one glyph doubled"} (a common OCR misreading), which gives the ${confirmed.gives} printed on the document.`,
        ...base,
        evidence: {
          format: mrz.format,
          lines: mrz.lines,
          reading: { line: confirmed.line, at: confirmed.at, from: confirmed.from, to: confirmed.to },
          corrected_lines: confirmed.mrz.lines,
          failed: failed.map((c) => c.check),
        },
      },
    ];
  }
  // Every digit failing on a read zone is a garbled reading, not a set of edits.
  if (block.ocr && failed.length === mrz.checks.length && mrz.checks.length > 2) {
    return [
      {
        check: "mrz.unreadable",
        severity: "low",
        score: 0.15,
        message: `All ${failed.length} check digits of the ${mrz.format} machine-readable zone fail; the zone was probably misread, so it cannot confirm the document.`,
        ...base,
        evidence: { format: mrz.format, lines: mrz.lines, confidence: block.confidence },
      },
    ];
  }
  const trusted = trustedFailures(primary, alike, witnesses);
  return failed.map((c): Finding => {
    const evidence = {
      format: mrz.format,
      check: c.check,
      data: c.data,
      found: c.found,
      expected: c.expected,
      lines: mrz.lines,
    };
    const label = CHECK_LABEL[c.check] ?? c.check;
    if (c.ocrReading) {
      // The swapped number printed on the document settles the reading; otherwise it stays a doubt.
      const printedAsSwapped =
        c.check === "document_number" && printed.split("\n").some((line) => alnum(line).includes(c.ocrReading ?? ""));
      return {
        check: printedAsSwapped ? "mrz.ocr_corrected" : "mrz.check_digit_ocr",
        severity: printedAsSwapped ? "info" : "low",
        score: printedAsSwapped ? 0 : 0.15,
        message: `The ${label} check digit fails as read, but holds if "${c.data}" is read as "${c.ocrReading}" (a common OCR letter/digit confusion).`,
        ...base,
        evidence: { ...evidence, ocr_reading: c.ocrReading },
      };
    }
    if (block.ocr && !digitRead(mrz, c.check)) {
      return {
        check: "mrz.digit_unread",
        severity: "info",
        score: 0,
        message: `The ${label} check digit of the machine-readable zone could not be read ("${c.found}" where a digit belongs), so that check could not be made.`,
        ...base,
        evidence,
      };
    }
    if (!trusted.has(c.check)) {
      const why = !soundlyRead(mrz, c.check)
        ? "the line had to be fitted to its layout or holds a letter/digit look-alike"
        : `no second reading confirmed it and the zone was read with OCR confidence ${Math.round(block.confidence)}`;
      return unsure(
        c,
        base,
        { ...evidence, confidence: block.confidence, readings: witnesses.length, unconfirmed: true },
        why,
      );
    }
    return {
      check: "mrz.check_digit",
      severity: "critical",
      score: 0.95,
      message: `The ${label} check digit of the machine-readable zone is ${c.found} but the data "${c.data}" gives ${c.expected ?? "no valid digit"}: the zone was altered or fabricated.`,
      ...base,
      evidence,
    };
  });
}

/**
 * Whether a finding is one another look at the band could settle: a failed digit, read but
 * unconfirmed, or a check digit this reading never saw (another pass may read it, and the zone's
 * lines may then be combined, see combine-readings.ts).
 */
export const wantsAnotherLook = (f: Finding) =>
  (f.check === "mrz.check_digit_ocr" && f.evidence?.unconfirmed === true) || f.check === "mrz.digit_unread";
