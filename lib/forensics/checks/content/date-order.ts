// The order of a document's key dates: a holder is born before anything is issued to them,
// graduates at a plausible age, documents are issued before they expire and not in the future.
// Editing one date (a birth year to look older, an expiry to look valid) often breaks this order.
import type { DocumentContext } from "../../context";
import type { Finding, Severity } from "../../types";
import type { ZoneDates } from "../mrz/zone";
import { type DateRole, datesByRole, single } from "./date-roles";
import { type TextRow, rowsOfDocument } from "./text-rows";
import { LOOKALIKES } from "./ocr-noise";
import { daysBetween, findDates } from "./parse-date";

const MIN_GRADUATION_AGE = 14;
const MAX_AGE = 120;
/** Time zones and same-day issuance: a date up to this far ahead is not "in the future". */
const FUTURE_SLACK_DAYS = 2;

const LABEL: Record<string, string> = {
  date_of_birth: "date of birth",
  issue_date: "issue date",
  expiry_date: "expiry date",
  graduation_date: "graduation date",
};

function isoField(ctx: DocumentContext, name: string): string | null {
  const value = ctx.fields[name];
  return typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value))
    ? value
    : null;
}

/** Where a date field is printed: the first row mentioning its year, for the finding's region. */
function locate(ctx: DocumentContext, iso: string): Pick<Finding, "page" | "region"> {
  const year = iso.slice(0, 4);
  const row = rowsOfDocument(ctx.pages).find((r) => r.text.includes(year) || r.text.includes(year.slice(2)));
  return row ? { page: row.page, region: row.region } : { page: null, region: null };
}

/**
 * An expired document is not a forgery, but it no longer proves what it says: a fact to report
 * (info), never evidence against the document. Identity documents with a machine-readable zone
 * get this from the MRZ check (the caller leaves them out).
 */
export function expiryFinding(ctx: DocumentContext, now: Date): Finding | null {
  const expiry = isoField(ctx, "expiry_date");
  const today = now.toISOString().slice(0, 10);
  if (!expiry || expiry >= today) return null;
  return {
    check: "content.expired",
    severity: "info",
    score: 0,
    message: `The document expired on ${expiry}; that is not a sign of forgery, but it is no longer valid.`,
    ...locate(ctx, expiry),
    evidence: { expiry_date: expiry, today },
  };
}

interface ReadDate {
  iso: string;
  /** The row it was printed on, when found: its region and how surely OCR read it. */
  row: TextRow | null;
  /** Certified by a check digit of the machine-readable zone: no misreading. */
  certified?: boolean;
}

const FIELD_ROLES: Record<string, DateRole> = {
  date_of_birth: "birth",
  issue_date: "issue",
  expiry_date: "expiry",
  graduation_date: "award",
};

/**
 * The document's key dates, as the field reader and the date-role reader (date-roles.ts) read
 * them. Where both read a date and disagree, one of them misread the layout: neither is used.
 * A date the zone certifies wins over both: a printed date of birth read from the expiry's line
 * is the reader's mistake (a changed printed date is the MRZ check's to report, against the zone).
 */
function keyDates(ctx: DocumentContext, rows: readonly TextRow[], zone: ZoneDates): Record<string, ReadDate | null> {
  const roles = datesByRole(rows, ctx.docType);
  const rowOf = (iso: string) => rows.find((r) => findDates(r.text).some((d) => d.isos.includes(iso))) ?? null;
  const out: Record<string, ReadDate | null> = {};
  for (const [field, role] of Object.entries(FIELD_ROLES)) {
    const certified = zone[field as keyof ZoneDates];
    if (certified) {
      out[field] = { iso: certified, row: rowOf(certified), certified: true };
      continue;
    }
    const printed = isoField(ctx, field);
    const byRole = single(roles, role);
    const conflicting = roles.some((r) => r.role === role && r.iso !== printed);
    if (printed && byRole && conflicting) out[field] = null;
    else if (printed) out[field] = { iso: printed, row: rowOf(printed) };
    else out[field] = byRole ? { iso: byRole.iso, row: byRole.row } : null;
  }
  const role = (...names: DateRole[]) => {
    const r = single(roles, ...names);
    return r ? { iso: r.iso, row: r.row } : null;
  };
  if (!out.issue_date && (ctx.docType === "passport" || ctx.docType === "id_card"))
    out.issue_date = issueByElimination(rows, out.date_of_birth ?? null, out.expiry_date ?? null);
  out.enrolment = role("enrolment");
  out.since = role("since");
  // The date a letter or a diploma is dated with stands for its issue when nothing else says so.
  out.document = out.issue_date ?? role("dateline");
  return out;
}

/** Characters apart, position by position, of two ISO dates. */
const charsApart = (a: string, b: string) => [...a].filter((c, i) => c !== b[i]).length;

/**
 * An identity page prints three dates: birth, issue and expiry. Where the zone certifies the
 * first and the last, the one other date on the page is the date of issue, whatever its caption
 * (unread, faint, in a language we do not know). A date one character from the birth or the
 * expiry may be a misreading of it, not a date of its own: none then. Where OCR did not find the
 * birth or the expiry printed (its year garbled on a photo), the other date may be its misreading
 * too: it must then stand three characters or more from it, more than a slip of two digits makes.
 */
function issueByElimination(
  rows: readonly TextRow[],
  birth: ReadDate | null,
  expiry: ReadDate | null,
): ReadDate | null {
  if (!birth?.certified || !expiry?.certified) return null;
  const misread = (iso: string, of: ReadDate) => charsApart(iso, of.iso) <= (of.row ? 1 : 2);
  const others = new Map<string, TextRow | null>();
  for (const row of rows) {
    for (const date of findDates(row.text)) {
      if (date.isos.some((iso) => iso === birth.iso || iso === expiry.iso)) continue;
      if (date.isos.some((iso) => misread(iso, birth) || misread(iso, expiry))) return null;
      // A date of two readings (03.04.2020) is another date too, but names no issue.
      others.set(date.isos.length === 1 ? (date.isos[0] as string) : date.raw, date.isos.length === 1 ? row : null);
    }
  }
  const [only] = [...others];
  if (others.size !== 1 || !only || !only[1]) return null;
  return { iso: only[0], row: only[1] };
}

/**
 * How surely OCR read the rows a finding rests on; nothing for a text layer. A date the zone
 * certifies is read for sure, however faint its printed row.
 */
function readingOf(...dates: Array<ReadDate | null>): Record<string, number> {
  const ocr = dates
    .filter((d): d is ReadDate => d?.row?.ocr === true && !d.certified)
    .map((d) => (d.row as TextRow).meanConfidence);
  return ocr.length > 0 ? { reading_confidence: Math.round(Math.min(...ocr)) } : {};
}

const EVENT_LABEL: Record<string, string> = {
  ...LABEL,
  enrolment: "date of admission",
  since: "start of the employment",
  document: "document's date",
};

/** `zone`: the dates the machine-readable zone certifies, if the document has one. */
export function dateOrderFindings(ctx: DocumentContext, now: Date, zone: ZoneDates = {}): Finding[] {
  const today = now.toISOString().slice(0, 10);
  const rows = rowsOfDocument(ctx.pages);
  const d = keyDates(ctx, rows, zone);
  const out: Finding[] = [];
  const add = (at: ReadDate, severity: Severity, score: number, message: string, evidence: Record<string, unknown>) =>
    out.push({
      check: "content.date_order",
      severity,
      score,
      message,
      ...(at.row ? { page: at.row.page, region: at.row.region } : locate(ctx, at.iso)),
      evidence,
    });

  const birth = d.date_of_birth;
  const afterBirth = ["issue_date", "graduation_date", "expiry_date", "enrolment", "since", "document"];
  const seen = new Set<string>();
  for (const later of afterBirth) {
    const date = d[later];
    if (!birth || !date || date.iso > birth.iso || seen.has(date.iso)) continue;
    seen.add(date.iso);
    add(date, "high", 0.75, `The ${EVENT_LABEL[later]} (${date.iso}) is not after the date of birth (${birth.iso}).`, {
      date_of_birth: birth.iso,
      [later]: date.iso,
      ...readingOf(birth, date),
    });
  }
  const graduation = d.graduation_date;
  if (birth && graduation && graduation.iso > birth.iso) {
    const age = daysBetween(birth.iso, graduation.iso) / 365.25;
    if (age < MIN_GRADUATION_AGE) {
      add(
        graduation,
        "high",
        0.7,
        `The holder would have graduated at age ${age.toFixed(1)} (born ${birth.iso}, graduated ${graduation.iso}).`,
        {
          date_of_birth: birth.iso,
          graduation_date: graduation.iso,
          age_years: Number(age.toFixed(1)),
          minimum_age: MIN_GRADUATION_AGE,
          ...readingOf(birth, graduation),
        },
      );
    }
  }
  if (birth && daysBetween(birth.iso, today) / 365.25 > MAX_AGE) {
    add(birth, "medium", 0.4, `The date of birth ${birth.iso} makes the holder older than ${MAX_AGE}.`, {
      date_of_birth: birth.iso,
      today,
      ...readingOf(birth),
    });
  }
  const issue = d.issue_date;
  const expiry = d.expiry_date;
  if (issue && expiry && expiry.iso <= issue.iso) {
    add(expiry, "high", 0.75, `The document expires (${expiry.iso}) on or before its issue date (${issue.iso}).`, {
      issue_date: issue.iso,
      expiry_date: expiry.iso,
      ...readingOf(issue, expiry),
    });
  }
  // A record of studies is issued, and a degree awarded, after the holder was admitted.
  const enrolment = d.enrolment;
  for (const after of ["document", "graduation_date"]) {
    const date = d[after];
    if (!enrolment || !date || date.iso >= enrolment.iso || seen.has(`admitted ${date.iso}`)) continue;
    seen.add(`admitted ${date.iso}`);
    add(
      date,
      "high",
      0.7,
      `The ${EVENT_LABEL[after]} (${date.iso}) is before the date of admission (${enrolment.iso}).`,
      {
        date_of_admission: enrolment.iso,
        [after]: date.iso,
        ...readingOf(enrolment, date),
      },
    );
  }
  // "Employed since" speaks of the past: the employment began before the letter was written.
  const since = d.since;
  const dated = d.document;
  if (since && dated && since.iso > dated.iso) {
    add(
      since,
      "high",
      0.7,
      `The employment is said to run since ${since.iso}, after the document's own date (${dated.iso}).`,
      { employed_since: since.iso, document_date: dated.iso, ...readingOf(since, dated) },
    );
  }
  for (const field of ["issue_date", "graduation_date", "date_of_birth", "since"]) {
    const date = d[field];
    if (!date || daysBetween(today, date.iso) <= FUTURE_SLACK_DAYS) continue;
    const message = `The ${EVENT_LABEL[field]} ${date.iso} is in the future (today is ${today})`;
    const evidence = { [field]: date.iso, today, ...readingOf(date) };
    const doubtful = date.row?.ocr === true && !date.certified && date.row.meanConfidence < CLEAN_READING;
    const misread = doubtful ? pastReadingOfYear(date.iso, today) : null;
    if (misread)
      add(
        date,
        "low",
        0.15,
        `${message}, but one look-alike digit of its year away it reads ${misread}, in the past.`,
        {
          ...evidence,
          ocr_repair: { read: date.iso, reading: misread },
        },
      );
    else add(date, "high", 0.7, `${message}.`, evidence);
  }
  return out;
}

/** OCR reads clean print at 91–97: a line read below this may hold a look-alike digit read wrong. */
const CLEAN_READING = 90;

/**
 * The date with one look-alike digit of its year read otherwise ("2049" for a printed 2019), when
 * that puts it in the past. No forger dates a document decades ahead, but OCR reads 1 as 4 on
 * light type over a gradient, at a confidence it calls sure: such a date is a reading to doubt.
 */
function pastReadingOfYear(iso: string, today: string): string | null {
  for (let i = 0; i < 4; i++)
    for (const alt of LOOKALIKES[iso[i] as string] ?? []) {
      const reading = iso.slice(0, i) + alt + iso.slice(i + 1);
      if (reading <= today) return reading;
    }
  return null;
}
