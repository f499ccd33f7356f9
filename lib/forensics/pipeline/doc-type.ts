// Which kind of credential the text describes. The wording of each kind, in every language we
// serve, votes with its weight (doc-vocabulary.ts: a phrase like "net pay" counts more than a
// common word like "university"); layout cues add votes: a machine-readable zone means an identity
// document, columns of amounts mean pay, banking or a bill.
import type { DocType } from "../types";
import { DOC_VOCABULARY, foldText, phrasePattern } from "./doc-vocabulary";

type Vote = [RegExp, number];

const KEYWORDS: Array<[Exclude<DocType, "other">, Vote[]]> = Object.entries(DOC_VOCABULARY).map(([type, groups]) => [
  type as Exclude<DocType, "other">,
  groups.map(([weight, phrases]): Vote => [phrasePattern(phrases), weight]),
]);

/** Below this total, the text does not say which credential it is. */
export const MIN_TYPE_SCORE = 3;

export interface DocTypeVote {
  docType: DocType;
  score: number;
  scores: Record<string, number>;
}

export function classifyDocType(text: string, lines: string[], mrzLines: number): DocTypeVote {
  // OCR breaks headings across lines ("OFFICIAL TRANSCRIPT OF ACADEMIC" / "RECORD"): phrases match across them.
  const t = foldText(text);
  const scores: Record<string, number> = {};
  for (const [type, votes] of KEYWORDS) {
    scores[type] = votes.reduce((s, [re, w]) => s + (re.test(t) ? w : 0), 0);
  }
  const mrz = mrzShape(lines);
  if (mrz === "passport") scores.passport += 6;
  else if (mrz === "id_card") scores.id_card += 6;
  else if (mrzLines >= 2) {
    scores.passport += 2;
    scores.id_card += 2;
  }
  const amountLines = lines.filter((l) => HAS_AMOUNT.test(l)).length;
  const datedAmountLines = lines.filter((l) => DATE_START.test(l) && HAS_AMOUNT.test(l)).length;
  if (amountLines >= 4) {
    scores.payslip += 1;
    scores.bank_statement += 1;
  }
  // A statement is a ledger: many lines that start with a date and end in amounts.
  if (datedAmountLines >= 4) scores.bank_statement += 2;
  // A transcript is a table of courses: a course code and a letter grade on the same line, or a
  // course title followed by its credits and its mark (numbers without a money amount's cents).
  const gradeRows = lines.filter(
    (l) => (COURSE_CODE.test(l) && LETTER_GRADE.test(l)) || (GRADE_ROW.test(l) && !HAS_AMOUNT.test(l)),
  );
  if (gradeRows.length >= 3) {
    scores.transcript += 4;
    // A diploma prints no table of course marks: beside one, the degree's wording ("Bachelor of
    // Science with Honours, conferred on …") names the award the transcript records.
    scores.transcript = Math.max(scores.transcript, scores.diploma + 1);
  }

  let best: DocType = "other";
  let bestScore = 0;
  for (const [type, score] of Object.entries(scores)) {
    if (score > bestScore) {
      best = type as DocType;
      bestScore = score;
    }
  }
  return { docType: bestScore >= MIN_TYPE_SCORE ? best : "other", score: bestScore, scores };
}

const COURSE_CODE = /\b[A-Z]{2,4}[ -]?\d{3,4}[A-Z]?\b/;
const LETTER_GRADE = /(?:^|\s)[A-F][+-]?(?=\s|$)/;
/** "Databases  15  68", "Analysis I  9  1,7", "Ethics  7.5  B+", "Statistics  20  72%": title, credits, mark. */
const GRADE_ROW =
  /^\s*\p{L}[\p{L}\p{N} &,'’()/.:-]*?\s+\d{1,2}(?:[.,]5)?\s+(?:\d{1,3}(?:[.,]\d)?%?|[A-F][+-]?)(?:\s+\d{1,3}(?:[.,]\d)?)?\s*$/u;
const HAS_AMOUNT = /(?:^|\s)[-(]?[$£€¥]?\s?\d{1,3}(?:[,. ]\d{3})*[.,]\d{2}\)?(?=\s|$)/;
const DATE_START = /^\s*(\d{1,2}[/.\-]\d{1,2}([/.\-]\d{2,4})?|\d{4}-\d{2}-\d{2}|\d{1,2} [A-Za-z]{3,9}( \d{2,4})?)\b/;

/** ICAO 9303: a passport (TD3) has two lines of 44 starting "P"; ID cards have three of 30 (TD1) or two of 36 (TD2). */
function mrzShape(lines: string[]): "passport" | "id_card" | null {
  const mrz = lines
    .map((l) => l.replace(/\s/g, "").toUpperCase())
    .filter((l) => /^[A-Z0-9<]{28,46}$/.test(l) && l.includes("<<"));
  if (mrz.some((l) => l.length >= 42 && l.startsWith("P"))) return "passport";
  if (mrz.length >= 2 && mrz.some((l) => /^[ACI][A-Z<]/.test(l))) return "id_card";
  return null;
}
