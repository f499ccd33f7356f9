// ICAO 9303 settles what the print leaves ambiguous. Each cell's glyph is chosen among those its
// position allows (digits in dates and check digits, letters in country codes and names), and a
// check digit that fails as read is tried against the runner-up glyphs of the cells it covers:
// one look-alike (O/0, I/1, B/8, S/5, Z/2, G/6) or one nearly tied digit that makes it hold, and
// keeps every other digit holding, is the reading.
import { isCountryCode } from "./country-codes";
import { type CharKind, type CheckName, type Layout, LAYOUTS, kindMask, layoutFor } from "./layouts";
import { parseMrz } from "./parse-mrz";
import type { CellReading } from "./read-cells";

export interface SettledZone {
  lines: string[];
  /** Cells whose reading a check digit settled, from the first-ranked glyph to the one kept. */
  settled: Array<{ line: number; at: number; from: string; to: string }>;
  /** Mean likeness of the glyphs kept, 0..1. */
  likeness: number;
  /**
   * Checks that still fail where a cell they cover was a near tie, or the print was too faint to
   * match well: a misreading may explain them. A failing check not listed failed on clear glyphs.
   */
  doubtful: CheckName[];
  /**
   * Whether a glyph of the name matched no template well (a cell cut across two glyphs, a run of
   * fillers read as letters): the name has no check digit to catch such a misreading.
   */
  faintName: boolean;
}

const DIGITS = "0123456789";
const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const ALLOWED: Record<CharKind, string> = {
  digit: DIGITS,
  alpha: `${LETTERS}<`,
  name: `${LETTERS}<`,
  sex: "MFX<",
  alnum: `${LETTERS}${DIGITS}<`,
};
/** Letter/digit pairs that share a shape in OCR-B. */
const LOOK_ALIKES = ["O0", "D0", "Q0", "I1", "B8", "S5", "Z2", "G6"];
const lookAlike = (a: string, b: string) => LOOK_ALIKES.some((p) => p.includes(a) && p.includes(b) && a !== b);
/** How many of a cell's best-ranked glyphs a check digit may choose among. */
const RUNNERS_UP = 3;
/** A glyph whose best match is below this likeness is too unlike any template to read with certainty. */
const CLEAR_GLYPH = 0.5;
/** Below this mean likeness the glyphs are too faint or small to call a failed digit an edit. */
const CLEAR_PRINT = 0.6;
/** A runner-up this close to the first-ranked glyph is a tie the print did not decide. */
const TIED = 0.12;
/** Look-alikes differ by a stroke the print may blur away: they stay candidates further down. */
const LOOK_ALIKE_TIED = 0.3;

function choose(cell: CellReading, kind: CharKind): { ch: string; score: number } {
  const best = cell.candidates[0] as { ch: string; score: number };
  // A filler is unlike every glyph: where it ranks first it stands, whatever the position wants.
  if (best.ch === "<") return best;
  return cell.candidates.find((c) => ALLOWED[kind].includes(c.ch)) ?? best;
}

type Chosen = Array<Array<{ ch: string; score: number }>>;

const digitTwin = (cell: CellReading, letter: string) =>
  cell.candidates.find((c) => DIGITS.includes(c.ch) && lookAlike(c.ch, letter));

/**
 * In a field where letters and digits are both legal (document numbers, personal numbers), a
 * look-alike letter inside a run of digits is the digit it resembles ("KBOO0OOOO3" is KB0000000 3
 * in print): a run that holds a real digit is a number. Letters outside such runs stay letters.
 */
function numbersInAlnumFields(layout: Layout, rows: readonly CellReading[][], chosen: Chosen): void {
  for (const field of layout.fields.filter((f) => f.kind === "alnum")) {
    const cells = chosen[field.line] as Array<{ ch: string; score: number }>;
    let at = field.start;
    while (at < field.end) {
      const numeric = (i: number) => {
        const c = cells[i];
        return (
          !!c &&
          (DIGITS.includes(c.ch) || (!!digitTwin(rows[field.line]?.[i] as CellReading, c.ch) && lookAlikeLetter(c.ch)))
        );
      };
      if (!numeric(at)) {
        at++;
        continue;
      }
      let end = at;
      while (end < field.end && numeric(end)) end++;
      if (cells.slice(at, end).some((c) => DIGITS.includes(c.ch))) {
        for (let i = at; i < end; i++) {
          const c = cells[i] as { ch: string; score: number };
          const twin = LETTERS.includes(c.ch) ? digitTwin(rows[field.line]?.[i] as CellReading, c.ch) : undefined;
          if (twin && c.score - twin.score <= LOOK_ALIKE_TIED) cells[i] = twin;
        }
      }
      at = end;
    }
  }
}

const lookAlikeLetter = (ch: string) => LETTERS.includes(ch) && LOOK_ALIKES.some((p) => p.includes(ch));

/** Country codes are a closed list: a code that is none takes the nearest one the cells allow. */
function countryCodes(layout: Layout, rows: readonly CellReading[][], chosen: Chosen): void {
  for (const field of layout.fields.filter((f) => f.field === "issuing_state" || f.field === "nationality")) {
    const cells = (chosen[field.line] as Array<{ ch: string; score: number }>).slice(field.start, field.end);
    if (isCountryCode(cells.map((c) => c.ch).join(""))) continue;
    let best: { code: Array<{ ch: string; score: number }>; loss: number } | null = null;
    const options = Array.from({ length: field.end - field.start }, (_, i) =>
      (rows[field.line]?.[field.start + i]?.candidates ?? []).filter((c) => ALLOWED.alpha.includes(c.ch)).slice(0, 4),
    );
    const walk = (i: number, picked: Array<{ ch: string; score: number }>) => {
      if (i === options.length) {
        if (!isCountryCode(picked.map((c) => c.ch).join(""))) return;
        const loss = picked.reduce((sum, c, k) => sum + ((cells[k]?.score ?? 0) - c.score), 0);
        if (!best || loss < best.loss) best = { code: [...picked], loss };
        return;
      }
      for (const option of options[i] ?? []) walk(i + 1, [...picked, option]);
    };
    walk(0, []);
    const found = best as { code: Array<{ ch: string; score: number }>; loss: number } | null;
    if (found && found.loss <= LOOK_ALIKE_TIED) {
      found.code.forEach((c, k) => ((chosen[field.line] as Array<{ ch: string; score: number }>)[field.start + k] = c));
    }
  }
}

function validChecks(lines: string[]): Set<string> | null {
  const mrz = parseMrz(lines, { fromOcr: false });
  return mrz ? new Set(mrz.checks.filter((c) => c.valid).map((c) => c.check)) : null;
}

/** The zone's lines with every cell chosen by its position and failing digits settled where the print allows. */
export function settleZone(rows: readonly CellReading[][]): SettledZone {
  const firstRanked = rows.map((cells) => cells.map((c) => (c.candidates[0] as { ch: string }).ch).join(""));
  // The document code opens with a letter (P, I, A, C, V), which decides the layout.
  const opening = rows[0]?.[0] ? choose(rows[0][0], "alpha").ch : "";
  const layout = layoutFor([opening + (firstRanked[0] ?? "").slice(1), ...firstRanked.slice(1)]);
  if (!layout) {
    const scores = rows.flat().map((c) => (c.candidates[0] as { score: number }).score);
    return {
      lines: firstRanked,
      settled: [],
      likeness: scores.reduce((a, b) => a + b, 0) / Math.max(1, scores.length),
      doubtful: [],
      faintName: true,
    };
  }
  const mask = kindMask(layout);
  const chosen: Chosen = rows.map((cells, li) => cells.map((cell, at) => choose(cell, mask[li]?.[at] ?? "alnum")));
  numbersInAlnumFields(layout, rows, chosen);
  countryCodes(layout, rows, chosen);
  const lines = chosen.map((cells) => cells.map((c) => c.ch).join(""));
  const settled: SettledZone["settled"] = [];
  const parsed = parseMrz(lines, { fromOcr: false });
  for (const check of parsed?.checks ?? []) {
    const spec = LAYOUTS[parsed?.format ?? layout.format].checks.find((c) => c.check === check.check);
    const before = validChecks(lines) ?? new Set<string>();
    // Settling an earlier digit may have settled this one (the composite covers the fields).
    if (!spec || before.has(check.check)) continue;
    const cells = [...spec.data, { line: spec.digit.line, start: spec.digit.at, end: spec.digit.at + 1 }].flatMap(
      (span) => Array.from({ length: span.end - span.start }, (_, i) => ({ line: span.line, at: span.start + i })),
    );
    // A number read with look-alike letters in it ("0OOOOOOO", "KBOOOOOOO"): the whole of it as
    // digits, or all but a letter prefix of one or two (KB, XA), are the readings to try first.
    const asDigits = (keep: number) =>
      lines.map((l, li) =>
        [...l]
          .map((ch, at) => {
            const cell = cells.findIndex((c) => c.line === li && c.at === at);
            if (cell < keep || mask[li]?.[at] !== "alnum" || !lookAlikeLetter(ch)) return ch;
            const twin = digitTwin(rows[li]?.[at] as CellReading, ch);
            return twin && (chosen[li]?.[at]?.score ?? 0) - twin.score <= LOOK_ALIKE_TIED ? twin.ch : ch;
          })
          .join(""),
      );
    const numeric = [0, 1, 2].map(asDigits).find((variant) => {
      const valid = validChecks(variant);
      return (
        variant.some((l, i) => l !== lines[i]) && valid?.has(check.check) && [...before].every((c) => valid.has(c))
      );
    });
    if (numeric) {
      numeric.forEach((l, li) => {
        for (let at = 0; at < l.length; at++) {
          const was = lines[li]?.[at] as string;
          if (l[at] === was) continue;
          settled.push({ line: li, at, from: was, to: l[at] as string });
          (chosen[li] as Array<{ ch: string; score: number }>)[at] = digitTwin(rows[li]?.[at] as CellReading, was) ?? {
            ch: l[at] as string,
            score: 0,
          };
        }
        lines[li] = l;
      });
      continue;
    }
    let best: { line: number; at: number; to: string; loss: number } | null = null;
    for (const { line, at } of cells) {
      const kept = chosen[line]?.[at];
      const cell = rows[line]?.[at];
      if (!kept || !cell) continue;
      const kind = mask[line]?.[at] ?? "alnum";
      // Only what the cell itself ranks near the top: trying every look-alike of every cell would
      // make some failed digit hold by coincidence.
      for (const alt of cell.candidates.slice(0, RUNNERS_UP)) {
        const loss = kept.score - alt.score;
        if (alt.ch === kept.ch || !ALLOWED[kind].includes(alt.ch)) continue;
        // Where letters and digits are both legal only a look-alike is a misreading; a digit may
        // also be a nearly tied other digit (3/8, 5/6 in a blurred print).
        const allowed = lookAlike(alt.ch, kept.ch)
          ? LOOK_ALIKE_TIED
          : kind === "digit" && DIGITS.includes(kept.ch)
            ? TIED
            : -1;
        if (loss > allowed) continue;
        const text = lines[line] as string;
        // Nor a digit among digits turned into the letter it resembles: a number has no letter
        // stranded in its digits (numbersInAlnumFields reads such a letter as its digit), so that
        // swap holds a failing digit by coincidence, not by reading (a changed character's digit
        // fails, and one O for 0 in nine cells makes it hold one time in ten).
        if (
          DIGITS.includes(kept.ch) &&
          LETTERS.includes(alt.ch) &&
          DIGITS.includes(text[at - 1] ?? "") &&
          DIGITS.includes(text[at + 1] ?? "")
        )
          continue;
        const trial = lines.map((l, i) => (i === line ? text.slice(0, at) + alt.ch + text.slice(at + 1) : l));
        const after = validChecks(trial);
        if (!after?.has(check.check) || [...before].some((c) => !after.has(c))) continue;
        if (!best || loss < best.loss) best = { line, at, to: alt.ch, loss };
      }
    }
    if (!best) continue;
    const text = lines[best.line] as string;
    settled.push({ line: best.line, at: best.at, from: text[best.at] as string, to: best.to });
    lines[best.line] = text.slice(0, best.at) + best.to + text.slice(best.at + 1);
    (chosen[best.line] as Array<{ ch: string; score: number }>)[best.at] = {
      ch: best.to,
      score: (chosen[best.line]?.[best.at]?.score ?? 0) - best.loss,
    };
  }
  const scores = chosen.flat().map((c) => c.score);
  const likeness = scores.reduce((a, b) => a + b, 0) / Math.max(1, scores.length);
  const final = parseMrz(lines, { fromOcr: false });
  // A failed digit is the print's word only when every glyph it covers matched its template well;
  // one smudged or overprinted cell (a hologram, a stamp) may be anything.
  const doubtful = (final?.checks ?? [])
    .filter((c) => !c.valid)
    .map((c) => c.check)
    .filter((check) => {
      const spec = LAYOUTS[final?.format ?? layout.format].checks.find((c) => c.check === check);
      const spans = spec ? [...spec.data, { line: spec.digit.line, start: spec.digit.at, end: spec.digit.at + 1 }] : [];
      // How clear a glyph is, whatever it was read as: a letter printed where a digit belongs is a
      // clear glyph of the wrong kind, not a faint one.
      const faint = spans.some((span) =>
        (rows[span.line] ?? [])
          .slice(span.start, span.end)
          .some((cell) => (cell.candidates[0]?.score ?? 0) < CLEAR_GLYPH),
      );
      return likeness < CLEAR_PRINT || faint;
    });
  // A cell with no ink is a filler read for sure; one with ink that matched nothing well is not.
  const faintName = layout.fields
    .filter((field) => field.kind === "name")
    .some((field) =>
      (rows[field.line] ?? [])
        .slice(field.start, field.end)
        .some((cell) => cell.candidates.length > 1 && (cell.candidates[0]?.score ?? 0) < CLEAR_GLYPH),
    );
  return { lines, settled, likeness, doubtful, faintName };
}
