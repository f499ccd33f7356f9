// How far a failed check digit can be trusted. A check digit that fails on a zone read from a
// text layer was printed that way; one that fails on OCR may be the reader's mistake. Passport
// readers only reject when the reading itself is sound: the line came out at its layout length,
// the digit is a digit, the data has no letter stranded among digits that could be a misread, and
// a second, independent reading of the band sees the same characters.
import type { MrzBlock } from "./find-mrz";
import { type CheckName, LAYOUTS, type Span, kindMask } from "./layouts";
import { isValidCheckDigit } from "./check-digit";
import { type ParsedMrz, cleanMrzLine } from "./parse-mrz";

export interface Reading {
  block: MrzBlock;
  mrz: ParsedMrz;
}

/** Letter/digit look-alikes folded together, for positions where only a digit may stand. */
const fold = (s: string) =>
  s
    .replace(/[OQDU]/g, "0")
    .replace(/[IL]/g, "1")
    .replace(/Z/g, "2")
    .replace(/S/g, "5")
    .replace(/G/g, "6")
    .replace(/B/g, "8");

function spansOf(mrz: ParsedMrz, check: CheckName): { spans: Span[]; digit: { line: number; at: number } } | null {
  const spec = LAYOUTS[mrz.format].checks.find((c) => c.check === check);
  return spec ? { spans: spec.data, digit: spec.digit } : null;
}

/**
 * The characters of `spans` on a line read `shift` characters off the layout's place. Where only
 * a digit may stand, O and 0 are one reading; elsewhere the same glyph is (an I in one reading and
 * a J in another are two different misreads, not one).
 */
function spanText(
  line: string,
  spans: readonly Span[],
  shift: number,
  mask: readonly string[],
  joiner: string,
): string {
  return spans
    .map((p) =>
      [...line.slice(p.start + shift, p.end + shift)]
        .map((ch, i) => (mask[p.start + i] === "digit" ? fold(ch) : ch))
        .join(""),
    )
    .join(joiner);
}

/** Lines of another reading that may hold a zone line: near a layout length once cleaned. */
const candidateLines = (block: MrzBlock, width: number) =>
  block.lines.map(cleanMrzLine).filter((l) => Math.abs(l.length - width) <= 4);

/**
 * Whether another reading of the same zone shows the same data and digit for `check`. Each part
 * is looked for at the layout's position on any line of the other reading, counted from either
 * end of that line, so a filler gained or lost elsewhere, or a line the other reading garbled or
 * split, does not hide an agreement.
 */
export function confirmedByOtherReading(
  primary: Reading,
  others: readonly Pick<Reading, "block">[],
  check: CheckName,
): boolean {
  const where = spansOf(primary.mrz, check);
  if (!where) return false;
  const width = LAYOUTS[primary.mrz.format].lineLength;
  const parts = [...where.spans, { line: where.digit.line, start: where.digit.at, end: where.digit.at + 1 }];
  const byLine = new Map<number, Span[]>();
  for (const p of parts) byLine.set(p.line, [...(byLine.get(p.line) ?? []), p]);
  const mask = kindMask(LAYOUTS[primary.mrz.format]);
  const text = (line: string, index: number, spans: Span[], shift: number) =>
    spanText(line, spans, shift, mask[index] ?? [], "|");
  return others.some((other) => {
    const lines = candidateLines(other.block, width);
    // The parts on one line of the zone must all be found on one line of the other reading.
    return [...byLine].every(([index, spans]) => {
      const mine = text(primary.mrz.lines[index] ?? "", index, spans, 0);
      return lines.some((line) => [0, line.length - width].some((shift) => text(line, index, spans, shift) === mine));
    });
  });
}

/** Filler look-alikes folded too, for telling whether two readings are of the same line. */
const foldFiller = (ch: string | undefined) => (ch === undefined ? "" : /[KCL<]/.test(ch) ? "<" : fold(ch));

/**
 * Whether another reading of the same zone line shows other data for a one-line `check` whose
 * own check digit holds as well. Two self-consistent readings of one field leave the digit unable
 * to tell which was printed (any misread has one chance in ten to hold), so neither settles it.
 * The other line counts as a reading of the same line when, outside the check's own characters,
 * most of its characters agree with the primary's.
 */
export function contestedByOtherReading(
  primary: Reading,
  others: readonly Pick<Reading, "block">[],
  check: CheckName,
): boolean {
  const where = spansOf(primary.mrz, check);
  if (!where || where.spans.some((p) => p.line !== where.digit.line)) return false;
  const index = where.digit.line;
  const own = primary.mrz.lines[index] ?? "";
  const width = LAYOUTS[primary.mrz.format].lineLength;
  const mask = kindMask(LAYOUTS[primary.mrz.format])[index] ?? [];
  const inCheck = (i: number) => i === where.digit.at || where.spans.some((p) => i >= p.start && i < p.end);
  const dataOf = (line: string, shift: number) => spanText(line, where.spans, shift, mask, "");
  const mine = dataOf(own, 0);
  return others.some(({ block }) =>
    candidateLines(block, width).some((line) =>
      [0, line.length - width].some((shift) => {
        let same = 0;
        let outside = 0;
        for (let i = 0; i < width; i++) {
          if (inCheck(i)) continue;
          outside++;
          if (foldFiller(line[i + shift]) === foldFiller(own[i])) same++;
        }
        const data = dataOf(line, shift);
        const digit = line[where.digit.at + shift] ?? "";
        return (
          same >= outside * 0.6 &&
          data.length === mine.length &&
          data !== mine &&
          /^[0-9]$/.test(digit) &&
          isValidCheckDigit(data, digit)
        );
      }),
    ),
  );
}

const isDigit = (ch: string | undefined) => ch !== undefined && ch >= "0" && ch <= "9";

/**
 * Whether the check digit itself was read: a digit (or the filler an empty field may carry) at
 * its own position. A digit OCR lost, or the filler run stretched over it, was never seen.
 */
export function digitRead(mrz: ParsedMrz, check: CheckName): boolean {
  const where = spansOf(mrz, check);
  const result = mrz.checks.find((c) => c.check === check);
  if (!where || !result) return false;
  if (where.digit.at >= (mrz.inPlace[where.digit.line] ?? 0)) return false;
  return isDigit(result.found) || (result.found === "<" && /^<*$/.test(result.data));
}
const CONFUSABLE_LETTERS = /[OQDUILZSGBT]/;

/**
 * Whether the reading of one check is sound on its own: its lines came out at the layout's
 * length, the digit reads as a digit, no letter had to be turned into a digit, no look-alike
 * swap makes it hold, and no look-alike letter sits between digits in its data (a forger who
 * types a new number types digits; OCR is what turns a 9 into an O).
 */
export function soundlyRead(mrz: ParsedMrz, check: CheckName): boolean {
  const where = spansOf(mrz, check);
  if (!where) return false;
  // A line OCR made longer or shorter than its layout gained or lost a character somewhere; even
  // fields before the fitted run may hold a doubled or dropped glyph.
  const lines = new Set([where.digit.line, ...where.spans.map((p) => p.line)]);
  if ([...lines].some((line) => mrz.fitted[line])) return false;
  const result = mrz.checks.find((c) => c.check === check);
  if (!result || !(isDigit(result.found) || (result.found === "<" && /^<*$/.test(result.data)))) return false;
  // A letter read where only a digit may stand (S for 8, G for 0) was a guess, not a reading.
  const parts = [...where.spans, { line: where.digit.line, start: where.digit.at, end: where.digit.at + 1 }];
  if (mrz.corrections.some((fix) => parts.some((p) => p.line === fix.line && fix.at >= p.start && fix.at < p.end))) {
    return false;
  }
  // A look-alike swap that makes the digit hold explains the failure without an edit.
  if (result.ocrReading) return false;
  const data = result.data;
  for (let i = 1; i < data.length - 1; i++) {
    const ch = data[i] as string;
    if (CONFUSABLE_LETTERS.test(ch) && isDigit(data[i - 1]) && isDigit(data[i + 1])) return false;
  }
  return true;
}
