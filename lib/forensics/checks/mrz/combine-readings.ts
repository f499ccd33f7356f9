// A zone that no single reading settles is often settled by its lines as read in different passes:
// the page OCR garbles the name line that the band reading gets right, the band reading reads the
// fillers of the name line as "CCCC" but the data line perfectly. Passport readers vote line by
// line the same way. Every character of a combined reading is one that some pass read at its own
// position, so a combination cannot invent data: an altered field fails in every pass that read
// it as printed, and the combination is kept only when every check digit holds.
import { type MrzBlock } from "./find-mrz";
import { LAYOUTS } from "./layouts";
import { type ParsedMrz, cleanMrzLine, parseMrz } from "./parse-mrz";

/** Zone lines of one reading: its last lines long enough to be part of a zone. */
function zoneLines(block: MrzBlock, count: number): string[] | null {
  const lines = block.lines.map(cleanMrzLine).filter((l) => l.length >= 20);
  return lines.length >= count ? lines.slice(-count) : null;
}

/** Fillers and digit look-alikes folded, for comparing the context of a character across passes. */
const fold = (ch: string | undefined) =>
  ch === undefined ? "" : /[KCL<]/.test(ch) ? "<" : /[OQD]/.test(ch) ? "0" : ch;

/**
 * A check digit this reading did not see (a letter where the digit stands), taken from another
 * pass that read a digit there: aligned from the start on a line of the layout's length, from
 * the end otherwise (OCR loses characters inside a line, the last ones stay last), and only where
 * the two characters before it agree in both passes, so the digit is read at the same place.
 */
function fillUnreadDigits(mrz: ParsedMrz, candidates: readonly string[][]): string[] | null {
  const layout = LAYOUTS[mrz.format];
  const lines = [...mrz.lines];
  let filled = false;
  for (const spec of layout.checks) {
    const { line, at } = spec.digit;
    const own = lines[line] as string;
    if (
      /[0-9]/.test(own[at] ?? "") ||
      (own[at] === "<" && /^<*$/.test(mrz.checks.find((c) => c.check === spec.check)?.data ?? ""))
    )
      continue;
    for (const other of candidates[line] ?? []) {
      const shift = other.length === layout.lineLength ? 0 : other.length - layout.lineLength;
      const ch = fold(other[at + shift]);
      const context = [1, 2].every((back) => at - back < 0 || fold(other[at - back + shift]) === fold(own[at - back]));
      if (/^[0-9]$/.test(ch) && context) {
        lines[line] = own.slice(0, at) + ch + own.slice(at + 1);
        filled = true;
        break;
      }
    }
  }
  return filled ? lines : null;
}

function* product<T>(sets: readonly T[][]): Generator<T[]> {
  if (sets.length === 0) {
    yield [];
    return;
  }
  const [first, ...rest] = sets as [T[], ...T[][]];
  for (const head of first) for (const tail of product(rest)) yield [head, ...tail];
}

/** Lines that carry the data of a check digit: these must have been read at their layout's length. */
const checkedLines = (mrz: ParsedMrz) =>
  new Set(LAYOUTS[mrz.format].checks.flatMap((c) => [c.digit.line, ...c.data.map((s) => s.line)]));

/** Lines that hold the holder's name. */
const nameLines = (mrz: ParsedMrz) => [
  ...new Set(LAYOUTS[mrz.format].fields.filter((f) => f.kind === "name").map((f) => f.line)),
];

// Fillers added or dropped at a line's end move nothing: every character before them is in place.
const inPlace = (mrz: ParsedMrz) =>
  [...checkedLines(mrz)].every(
    (line) => !mrz.fitted[line] || (mrz.inPlace[line] ?? 0) >= LAYOUTS[mrz.format].lineLength,
  );
const settled = (mrz: ParsedMrz | null): mrz is ParsedMrz => mrz !== null && mrz.checks.every((c) => c.valid);

/**
 * The reading of a page's zone combined line by line from its OCR readings, with unread check
 * digits taken from another pass, when that settles every check digit and no single reading did.
 */
export function combinedReading(blocks: readonly MrzBlock[]): MrzBlock | null {
  const read = blocks.filter((b) => b.ocr);
  if (read.length < 2) return null;
  let best: { block: MrzBlock; cost: number } | null = null;
  for (const count of [2, 3]) {
    const sources = read.flatMap((block) => {
      const lines = zoneLines(block, count);
      return lines ? [{ block, lines }] : [];
    });
    if (sources.length < 2) continue;
    const candidates = Array.from({ length: count }, (_, i) => [...new Set(sources.map((s) => s.lines[i] as string))]);
    for (const lines of product(candidates)) {
      // Lines all from one reading are that reading, already weighed.
      if (sources.some((s) => s.lines.every((l, i) => l === lines[i]))) continue;
      const parsed = parseMrz(lines, { fromOcr: true });
      // A line fitted to its length may have moved its data: its digits prove nothing by holding.
      if (!parsed || !inPlace(parsed)) continue;
      let mrz: ParsedMrz | null = parsed;
      let fills = 0;
      if (!settled(mrz)) {
        const filled = fillUnreadDigits(parsed, candidates);
        mrz = filled ? parseMrz(filled, { fromOcr: true }) : null;
        fills = 1;
      }
      if (!settled(mrz)) continue;
      const cost = mrz.corrections.length + fills * 10;
      if (best && best.cost <= cost) continue;
      const used = sources.filter((s) => s.lines.some((l, i) => l === lines[i])).map((s) => s.block);
      // The name has no check digit: taken from a glyph reading whose name was faint, it is no more
      // than that reading made of it (settle-glyphs.ts), however well the other lines settle.
      const nameFrom = sources.filter((s) => nameLines(mrz).every((i) => s.lines[i] === lines[i]));
      const faintName = nameFrom.length > 0 && nameFrom.every((s) => s.block.faintName);
      best = {
        cost,
        block: {
          page: (read[0] as MrzBlock).page,
          lines: mrz.lines,
          region: used.find((b) => b.pass === "band")?.region ?? used[0]?.region ?? null,
          confidence: Math.min(...used.map((b) => b.confidence)),
          ocr: true,
          pass: "combined",
          ...(faintName ? { faintName } : {}),
        },
      };
    }
  }
  return best?.block ?? null;
}
