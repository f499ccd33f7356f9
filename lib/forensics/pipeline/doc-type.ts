// Which kind of credential the text describes. Keywords vote with weights (a distinctive phrase
// like "net pay" counts more than a common word like "university"), layout cues add votes:
// a machine-readable zone means an identity document, columns of amounts mean pay or banking.
import type { DocType } from "../types";

type Vote = [RegExp, number];

const KEYWORDS: Record<Exclude<DocType, "other">, Vote[]> = {
  diploma: [
    [/\bdiploma\b/, 2],
    [/\b(bachelor|master|doctor)( of|'s)\b/, 3],
    [/\bdegree\b/, 2],
    [/\b(conferred|confers|has been admitted to|admitted to the degree)\b/, 3],
    [/\bawarded\b/, 1],
    [/\b(university|college|institute of technology|school of)\b/, 1],
    [/\b(honours|honors|cum laude|with distinction|first class)\b/, 2],
    [/\bgraduat(e|ed|ion)\b/, 1],
    [/\b(chancellor|vice-chancellor|rector|dean|president of the university)\b/, 1],
  ],
  transcript: [
    [/\btranscript\b/, 4],
    [/\bacademic record\b/, 3],
    [/\b(gpa|grade point average|cgpa)\b/, 3],
    [/\b(semester|term|course code|course title|module)\b/, 1],
    [/\bcredits?\b/, 1],
    [/\bcumulative\b/, 1],
  ],
  certificate: [
    [/\bcertificate\b/, 2],
    [/\b(this is to certify|hereby certif(y|ies)|certifies that)\b/, 2],
    [/\b(successfully completed|completion|has completed)\b/, 3],
    [/\b(certification|certified)\b/, 1],
    [/\b(training|course|workshop|achievement|participation)\b/, 1],
  ],
  id_card: [
    [/\b(identity card|id card|identification card|national id(entity)?|carte d'identit)/, 4],
    [/\b(driver'?s? licen[cs]e|driving licen[cs]e|residence permit)\b/, 4],
    [/\bdate of birth\b/, 1],
    [/\b(sex|gender)\b/, 1],
    [/\bnationality\b/, 1],
    [/\b(date of expiry|expiry|expires|valid until)\b/, 1],
  ],
  passport: [
    [/\b(passport|passeport|pasaporte|reisepass)\b/, 4],
    [/\bpassport no\b/, 2],
    [/\b(place of birth|authority|date of issue)\b/, 1],
    [/\bnationality\b/, 1],
    [/\b(surname|given names?)\b/, 1],
  ],
  payslip: [
    [/\b(payslip|pay slip|pay stub|pay statement|earnings statement|salary slip)\b/, 4],
    [/\b(net pay|gross pay|take home|net salary|gross salary)\b/, 3],
    [/\bdeductions?\b/, 2],
    [/\bpay (period|date)\b/, 2],
    [/\b(employee|employer|payroll)\b/, 1],
    [/\b(income tax|national insurance|social security|pension|paye|ytd|year to date)\b/, 1],
  ],
  bank_statement: [
    [/\b(bank statement|statement of account|account statement)\b/, 4],
    [/\b(opening|closing|starting|ending) balance\b/, 3],
    [/\bbalance (brought|carried) forward\b/, 3],
    [/\b(sort code|iban|bic|swift|routing number)\b/, 2],
    [/\baccount (number|no)\b/, 1],
    [/\b(debit|credit|withdrawal|deposit)s?\b/, 1],
    [/\bstatement (period|date)\b/, 2],
  ],
};

/** Below this total, the text does not say which credential it is. */
const MIN_SCORE = 3;

export interface DocTypeVote {
  docType: DocType;
  score: number;
  scores: Record<string, number>;
}

export function classifyDocType(text: string, lines: string[], mrzLines: number): DocTypeVote {
  // OCR breaks headings across lines ("OFFICIAL TRANSCRIPT OF ACADEMIC" / "RECORD"): phrases match across them.
  const t = text.toLowerCase().replace(/\s+/g, " ");
  const scores: Record<string, number> = {};
  for (const [type, votes] of Object.entries(KEYWORDS)) {
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
  // A transcript is a table of courses: a course code and a letter grade on the same line.
  if (lines.filter((l) => COURSE_CODE.test(l) && LETTER_GRADE.test(l)).length >= 3) scores.transcript += 4;

  let best: DocType = "other";
  let bestScore = 0;
  for (const [type, score] of Object.entries(scores)) {
    if (score > bestScore) {
      best = type as DocType;
      bestScore = score;
    }
  }
  return { docType: bestScore >= MIN_SCORE ? best : "other", score: bestScore, scores };
}

const COURSE_CODE = /\b[A-Z]{2,4}[ -]?\d{3,4}[A-Z]?\b/;
const LETTER_GRADE = /(?:^|\s)[A-F][+-]?(?=\s|$)/;
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
