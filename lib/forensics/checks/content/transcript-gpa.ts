// A stated GPA against the letter grades and credits printed above it. Raising a grade or the GPA
// rarely updates both. Read from a PDF text layer, a GPA that no common 4-point scale gives is a
// near-certain inconsistency; read by OCR, one misread grade or digit can explain it.
import type { Finding } from "../../types";
import type { AmountCell } from "./amount-cells";
import { LOOKALIKES, capByReading } from "./ocr-noise";
import type { TextRow } from "./text-rows";

export interface GradedCourse {
  row: TextRow;
  credits: AmountCell;
  grade: string | null;
}

/** A GPA statement and the courses printed before it (its term, and everything so far). */
export interface StatedGpa {
  value: number;
  /** As printed, for look-alike digit readings. */
  raw: string;
  row: TextRow;
  term: GradedCourse[];
  sofar: GradedCourse[];
}

const STEPS = ["A", "A-", "B+", "B", "B-", "C+", "C", "C-", "D+", "D", "D-"];

/**
 * The scales schools use for letters: A = 4 with steps of 0.3/0.4 (A+ counting 4.0 or 4.3), or
 * steps of exactly one third (A- 3.67, B+ 3.33…). F and E are 0 on all of them.
 */
const SCALES: Array<Record<string, number>> = [
  [4, 3.7, 3.3, 3, 2.7, 2.3, 2, 1.7, 1.3, 1, 0.7],
  [4, 11 / 3, 10 / 3, 3, 8 / 3, 7 / 3, 2, 5 / 3, 4 / 3, 1, 2 / 3],
].flatMap((points) =>
  [4, 4.3].map((aPlus) => ({
    ...Object.fromEntries(STEPS.map((g, i) => [g, points[i] as number])),
    "A+": aPlus,
    F: 0,
    E: 0,
  })),
);

/**
 * Marks that carry no grade points and stay out of every GPA: pass/satisfactory/unsatisfactory,
 * credit/no credit, withdrawn, incomplete, in progress, not reported, audit, transfer. WF is left
 * out of this list: some schools count it as an F.
 */
const NO_GRADE_POINTS_RE = /^(P|S|U|CR|NC|W|WD|WP|WU|I|IP|INC|NR|AU|TR)$/;

/** Credit-weighted grade points, or null when a course has a grade the scale does not know. */
function gpaOf(courses: GradedCourse[], scale: Record<string, number>): number | null {
  let points = 0;
  let credits = 0;
  for (const c of courses) {
    if (c.grade && NO_GRADE_POINTS_RE.test(c.grade)) continue;
    const p = c.grade ? scale[c.grade] : undefined;
    if (p === undefined) return null;
    points += p * c.credits.value;
    credits += c.credits.value;
  }
  return credits > 0 ? points / credits : null;
}

/** A GPA on another scale ("(5.0 scale)", "out of 10") says nothing about 4-point arithmetic. */
export function otherScale(rowText: string, value: number): boolean {
  if (value > 4.3) return true;
  const stated = /(\d+(?:\.\d+)?)\s*(?:-?\s*point)?\s*scale|out\s+of\s+(\d+(?:\.\d+)?)|\/\s*(\d+(?:\.\d+)?)\s*$/i.exec(
    rowText,
  );
  const max = stated ? Number(stated[1] ?? stated[2] ?? stated[3]) : 4;
  return max !== 4 && max !== 4.3;
}

export function gpaFinding(stated: StatedGpa, all: GradedCourse[]): Finding | null {
  const covered = [stated.term, stated.sofar, all].filter((set) => set.length >= 3);
  const candidates = covered.flatMap((set) =>
    SCALES.map((scale) => gpaOf(set, scale)).filter((g): g is number => g !== null),
  );
  // Schools round or truncate to two decimals: within 0.02 of any reading is consistent.
  if (candidates.length === 0 || candidates.some((g) => Math.abs(g - stated.value) <= 0.02)) return null;
  const computed = candidates[candidates.length - 1] as number;
  const ocr = stated.row.ocr || all.some((c) => c.row.ocr);
  const misread = ocr ? lookAlikeReading(stated.raw, candidates) : null;
  const read = capByReading(
    misread
      ? { severity: "low", score: 0.2, reason: "" }
      : ocr
        ? { severity: "medium", score: 0.45, reason: "" }
        : { severity: "high", score: 0.75, reason: "" },
    [{ confidence: stated.row.confidence, raw: stated.raw }],
  );
  const { severity, score } = read;
  return {
    check: "content.transcript_gpa",
    severity,
    score,
    message: `The letter grades weighted by credits give a GPA of ${computed.toFixed(2)} (on every common 4-point scale, for the term and for all courses), but the transcript states ${stated.value}; ${
      misread
        ? `reading it as ${misread} (one look-alike digit) would agree, so it may be an OCR misread`
        : ocr
          ? "the grades were read by OCR, and one misread grade could explain it"
          : "the grades and the GPA come from the document's text layer, so this is not a reading error"
    }.`,
    page: stated.row.page,
    region: stated.row.region,
    evidence: {
      stated: stated.value,
      computed: Number(computed.toFixed(3)),
      courses: all.length,
      source: ocr ? "ocr" : "text_layer",
    },
  };
}

/** The stated GPA with one digit swapped for a look-alike, when that reading agrees with the grades. */
function lookAlikeReading(raw: string, candidates: number[]): string | null {
  for (let i = 0; i < raw.length; i++) {
    for (const alt of LOOKALIKES[raw[i] as string] ?? []) {
      const reading = raw.slice(0, i) + alt + raw.slice(i + 1);
      if (candidates.some((g) => Math.abs(g - Number(reading)) <= 0.02)) return reading;
    }
  }
  return null;
}
