// Whether an arithmetic break can be OCR noise rather than an edit. OCR misreads single digits
// (3/8, 5/6, 1/7…); editors change whole amounts. A break repaired by one look-alike digit in
// one printed amount is weak evidence; the same break in a PDF text layer is strong.
import type { Region, Severity } from "../../types";
import type { AmountCell } from "./amount-cells";
import { cents, parseNumber } from "./parse-amount";

export const LOOKALIKES: Record<string, string[]> = {
  "0": ["8", "6", "9"],
  "1": ["7", "4"],
  "2": ["7"],
  "3": ["8", "5"],
  "4": ["1"],
  "5": ["6", "3", "8"],
  "6": ["5", "8", "0"],
  "7": ["1", "2"],
  "8": ["0", "3", "6", "9", "5"],
  "9": ["8", "0"],
};

/** A printed amount in an equation Σ sign·value = 0. */
export interface Term {
  cell: AmountCell;
  sign: 1 | -1;
}

export interface OcrRepair {
  cell: AmountCell;
  reading: string;
}

/**
 * Readings of an amount whose leading minus OCR lost or turned into a digit: "-24.11" read as
 * "24.11" (the sign dropped) or "4111.87" (the thin minus taken for a 4 or a 1). Each changes the
 * value by a whole sign flip, which no editor produces by retyping one figure.
 */
function signReadings(cell: AmountCell): Array<{ reading: string; value: number }> {
  if (cell.negative) return [];
  const out = [{ reading: `-${cell.raw}`, value: -Math.abs(cell.value) }];
  const lead = /^[41](\d.*)$/.exec(cell.raw);
  const rest = lead ? parseNumber(lead[1] as string) : null;
  if (lead && rest !== null) out.push({ reading: `-${lead[1]}`, value: -rest });
  return out;
}

/**
 * Readings of an amount whose decimal separator OCR dropped ("452.43" read as "45243"): a
 * separator is a thin mark, often lost on a photo; an editor does not multiply a figure by 100.
 */
function separatorReadings(cell: AmountCell): Array<{ reading: string; value: number }> {
  const digits = /^([-−–(]?\D*?)(\d{3,})(\D*)$/.exec(cell.raw);
  if (!digits) return [];
  const [, head, whole, tail] = digits as unknown as [string, string, string, string];
  return [1, 2].map((places) => {
    const reading = `${head}${whole.slice(0, -places)}.${whole.slice(-places)}${tail}`;
    return { reading, value: (Math.sign(cell.value) || 1) * (Number(whole) / 10 ** places) };
  });
}

/**
 * Readings of an amount with a doubled digit OCR read once ("115" read as "15", "100" as "10"):
 * two thin glyphs side by side, in bold above all, merge into one. An editor who changes a figure
 * retypes it; dropping one of two like digits is no edit a sum would hide.
 */
function doubledReadings(cell: AmountCell): Array<{ reading: string; value: number }> {
  const raw = cell.raw;
  const out: Array<{ reading: string; value: number }> = [];
  for (let i = 0; i < raw.length; i++) {
    const digit = raw[i] as string;
    if (!/\d/.test(digit) || raw[i + 1] === digit) continue;
    const reading = raw.slice(0, i + 1) + digit + raw.slice(i + 1);
    const value = valueOfReading(reading);
    if (value !== null) out.push({ reading, value: (Math.sign(cell.value) || 1) * value });
  }
  return out;
}

/**
 * Whether a figure could print this value (a course's credits are 0.5 to 30): a misreading that
 * would turn the printed figure into one its column never holds excuses nothing.
 */
export type Plausible = (cell: Pick<AmountCell, "raw">, value: number) => boolean;

/** The value of a figure as read with one character changed ("15)" read as "45)"), or null. */
function valueOfReading(reading: string): number | null {
  return parseNumber(reading.replace(/[^\d.,]/g, ""));
}

/** A single look-alike digit (or a lost minus or decimal point) in one term that makes the equation hold, if any. */
export function ocrRepair(residualCents: number, terms: Term[], plausible: Plausible = () => true): OcrRepair | null {
  for (const { cell, sign } of terms) {
    for (const { reading, value } of [...signReadings(cell), ...separatorReadings(cell), ...doubledReadings(cell)]) {
      if (residualCents + sign * (cents(value) - cents(cell.value)) === 0 && plausible(cell, value))
        return { cell, reading };
    }
  }
  for (const { cell, sign } of terms) {
    const raw = cell.raw;
    for (let i = 0; i < raw.length; i++) {
      for (const alt of LOOKALIKES[raw[i] as string] ?? []) {
        const reading = raw.slice(0, i) + alt + raw.slice(i + 1);
        const digitsAfter = raw.slice(i + 1).replace(/\D/g, "").length;
        const decimals = /[.,]\d{2}\b/.test(raw) ? 2 : /[.,]\d\b/.test(raw) ? 1 : 0;
        const place = 10 ** (digitsAfter - decimals);
        const delta = cents((Number(alt) - Number(raw[i])) * place * (cell.value < 0 ? -1 : 1));
        if (residualCents + sign * delta === 0 && plausible(cell, Math.abs(valueOfReading(reading) ?? 0)))
          return { cell, reading };
      }
    }
  }
  return null;
}

/**
 * Whether one look-alike misreading of a digit of this figure (LOOKALIKES: 3/8, 5/6, 1/7…) could
 * account for a difference of `residualCents`. A figure read unsurely matters to a broken sum only
 * if it could: no misreading of a "6" makes a sum 30 off.
 */
export function couldBridge(
  cell: Pick<AmountCell, "raw">,
  residualCents: number,
  plausible: Plausible = () => true,
): boolean {
  const raw = cell.raw;
  const r = Math.abs(residualCents);
  const decimals = /[.,]\d{2}\b/.test(raw) ? 2 : /[.,]\d\b/.test(raw) ? 1 : 0;
  for (let i = 0; i < raw.length; i++) {
    const digit = raw[i] as string;
    if (!/\d/.test(digit)) continue;
    const place = 10 ** (raw.slice(i + 1).replace(/\D/g, "").length - decimals);
    for (const alt of LOOKALIKES[digit] ?? [])
      if (
        cents(Math.abs(Number(alt) - Number(digit)) * place) === r &&
        plausible(cell, Math.abs(valueOfReading(raw.slice(0, i) + alt + raw.slice(i + 1)) ?? 0))
      )
        return true;
  }
  return false;
}

/**
 * How much each single look-alike misreading of a digit (LOOKALIKES) would change the figure's
 * magnitude, in cents: the readings a figure read surely could still hide.
 */
export function lookalikeDeltas(cell: Pick<AmountCell, "raw">): number[] {
  const raw = cell.raw;
  const decimals = /[.,]\d{2}\b/.test(raw) ? 2 : /[.,]\d\b/.test(raw) ? 1 : 0;
  const out: number[] = [];
  for (let i = 0; i < raw.length; i++) {
    const digit = raw[i] as string;
    if (!/\d/.test(digit)) continue;
    const place = 10 ** (raw.slice(i + 1).replace(/\D/g, "").length - decimals);
    for (const alt of LOOKALIKES[digit] ?? []) out.push(cents((Number(alt) - Number(digit)) * place));
  }
  return out;
}

export interface Weight {
  severity: Severity;
  score: number;
  /** Why this weight, for the message. */
  reason: string;
  /** The look-alike reading that explains the break away, and the weight the break has without it. */
  repair?: { cell: AmountCell; reading: string; unrepaired: Weight };
  /** The figures read unsurely that held this weight down, what it appended, and the weight without them. */
  doubt?: {
    cells: Array<Pick<AmountCell, "raw" | "region" | "confidence">>;
    /** The least confidence among the other figures (100 when there are none). */
    rest: number;
    note: string;
    uncapped: Weight;
  };
}

type ReadFigure = Pick<AmountCell, "confidence" | "raw"> & { region?: Region };

/** Below this OCR confidence a number may be a misreading: a sum using it is never high. */
export const SURE_READING = 75;
/** Below this, a number is as likely misread as not: a sum using it stays a low note. */
export const DOUBTFUL_READING = 50;

/** Severities from weakest to strongest, for weighing one break against another. */
export const SEVERITY_RANK = { info: 0, low: 1, medium: 2, high: 3, critical: 4 } as const;

/**
 * An arithmetic finding is only as strong as the least sure number it uses: high needs every
 * number read surely (a text layer, or OCR at SURE_READING and above), medium every number at
 * DOUBTFUL_READING and above; one doubtful read makes it a low note, whatever the pattern.
 */
export function capByReading(weight: Weight, cells: readonly ReadFigure[]): Weight {
  const least = cells.reduce<ReadFigure | null>(
    (low, c) => (low === null || c.confidence < low.confidence ? c : low),
    null,
  );
  if (!least) return weight;
  const cap = least.confidence < DOUBTFUL_READING ? "low" : least.confidence < SURE_READING ? "medium" : null;
  if (!cap || SEVERITY_RANK[weight.severity] <= SEVERITY_RANK[cap]) return weight;
  const score = cap === "low" ? 0.2 : 0.45;
  const note = `; but "${least.raw}" was read by OCR with confidence ${Math.round(least.confidence)}, so it may be misread`;
  // A weight capped once and raised again by its caller is capped from what it was before.
  const { doubt: earlier, ...rest } = weight;
  const uncapped = earlier ? { ...rest, reason: earlier.uncapped.reason } : rest;
  return {
    severity: cap,
    score: Math.min(weight.score, score),
    reason: `${uncapped.reason}${note}`,
    // Only figures whose place is known can be read again.
    ...(cells.every((c) => c.confidence >= SURE_READING || c.region)
      ? {
          doubt: {
            cells: cells.filter((c) => c.confidence < SURE_READING) as AmountCell[],
            rest: Math.min(100, ...cells.filter((c) => c.confidence >= SURE_READING).map((c) => c.confidence)),
            note,
            uncapped,
          },
        }
      : {}),
  };
}

/**
 * Whether OCR, misreading the figure printed, could have read `raw` where a figure `residualCents`
 * larger or smaller is printed: the same digits (a lost minus or decimal point), up to two digits
 * read wrong, or one digit gained or lost. Reading "2,654.22" as "-154.22" takes more than that.
 */
export function couldMisreadAcross(raw: string, residualCents: number): boolean {
  const read = raw.replace(/\D/g, "");
  const value = valueOfReading(raw);
  if (value === null || read === "") return true;
  return [cents(value) + residualCents, cents(value) - residualCents].some((printed) => {
    const digits = String(Math.abs(printed)).padStart(3, "0");
    if (digits.length === read.length) return [...digits].filter((d, i) => d !== read[i]).length <= 2;
    const [short, long] = digits.length < read.length ? [digits, read] : [read, digits];
    return long.length - short.length === 1 && [...long].some((_, i) => long.slice(0, i) + long.slice(i + 1) === short);
  });
}

/**
 * The figures of a break of `residualCents` a misreading could hide in: each read as likely wrong
 * as right, and each read more surely whose misreading could account for the break
 * (couldMisreadAcross). The others stand as read, however unsure OCR said it was of them.
 */
export function misreadableAcross<T extends Pick<AmountCell, "raw" | "confidence">>(
  cells: readonly T[],
  residualCents: number,
): T[] {
  return cells.filter((c) => c.confidence < DOUBTFUL_READING || couldMisreadAcross(c.raw, residualCents));
}

/** How strongly a broken sum counts, given where its numbers came from and how surely they were read. */
export function weighBreak(cells: AmountCell[], fromOcr: boolean, repair: OcrRepair | null): Weight {
  const weight = capByReading(weighSource(cells, fromOcr, repair), cells);
  if (!repair || !fromOcr) return weight;
  const unrepaired = capByReading(weighSource(cells, fromOcr, null), cells);
  return { ...weight, repair: { cell: repair.cell, reading: repair.reading, unrepaired } };
}

/**
 * The look-alike reading a break was excused by, for a second reading of that one figure
 * (reread-figures.ts): where it reads the figure as printed again, no misread explains the break.
 */
export function repairEvidence(weight: Weight): Record<string, unknown> {
  if (!weight.repair) return doubtEvidence(weight);
  const { cell, reading, unrepaired } = weight.repair;
  return {
    ocr_repair: {
      read: cell.raw,
      reading,
      region: withLostGlyphs(cell, reading),
      reason: weight.reason,
      unrepaired: {
        severity: unrepaired.severity,
        score: unrepaired.score,
        reason: unrepaired.reason,
        ...doubtEvidence(unrepaired),
      },
    },
  };
}

/**
 * Where a second reading of a figure must look: its box, and where the reading that excuses the
 * break has more digits than OCR saw, a glyph's width more on either side (the lost glyph of a
 * doubled digit stands outside the box OCR drew around the ones it read).
 */
function withLostGlyphs(cell: AmountCell, reading: string): AmountCell["region"] {
  const seen = cell.raw.replace(/\D/g, "").length;
  const lost = reading.replace(/\D/g, "").length - seen;
  if (lost <= 0 || !cell.region || seen === 0) return cell.region;
  const glyph = (lost * cell.region.width) / seen;
  return { ...cell.region, x: Math.max(0, cell.region.x - glyph), width: cell.region.width + 2 * glyph };
}

/**
 * The figures read unsurely that held a break down (capByReading), for a second reading of each
 * (reread-figures.ts): read again as printed and surely, the break weighs as the figures allow.
 */
export function doubtEvidence(weight: Weight): Record<string, unknown> {
  if (!weight.doubt) return {};
  const { cells, rest, note, uncapped } = weight.doubt;
  return {
    ocr_doubt: {
      figures: cells.map((c) => ({ read: c.raw, region: c.region, confidence: Math.round(c.confidence) })),
      rest: Math.round(rest),
      note,
      uncapped: { severity: uncapped.severity, score: uncapped.score },
    },
  };
}

function weighSource(cells: AmountCell[], fromOcr: boolean, repair: OcrRepair | null): Weight {
  if (!fromOcr)
    return {
      severity: "high",
      score: 0.8,
      reason: "the numbers come from the document's text layer, so this is not a reading error",
    };
  if (repair) {
    return {
      severity: "low",
      score: 0.2,
      reason: `reading "${repair.cell.raw}" as "${repair.reading}" (a look-alike digit, a lost minus sign or decimal point, or a doubled digit read once) would make it add up, so it may be an OCR misread`,
    };
  }
  return { severity: "high", score: 0.7, reason: "no single misread digit explains the difference" };
}

/**
 * Where a finding's numbers were read, for fusion: a text layer's figures are the document's own
 * (a broken sum there is a clean contradiction); OCR's count by how surely the least sure was read.
 */
export function readingEvidence(
  cells: readonly Pick<AmountCell, "confidence">[],
  fromOcr: boolean,
): { source: "text_layer" | "ocr"; reading_confidence?: number } {
  if (!fromOcr) return { source: "text_layer" };
  return { source: "ocr", reading_confidence: Math.round(Math.min(100, ...cells.map((c) => c.confidence))) };
}
