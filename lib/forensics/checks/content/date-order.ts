// The order of a document's key dates: a holder is born before anything is issued to them,
// graduates at a plausible age, documents are issued before they expire and not in the future.
// Editing one date (a birth year to look older, an expiry to look valid) often breaks this order.
import type { DocumentContext } from "../../context";
import type { Finding, Severity } from "../../types";
import { rowsOfDocument } from "./text-rows";
import { daysBetween } from "./parse-date";

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

export function dateOrderFindings(ctx: DocumentContext, now: Date): Finding[] {
  const today = now.toISOString().slice(0, 10);
  const d = Object.fromEntries(
    ["date_of_birth", "issue_date", "expiry_date", "graduation_date"].map((k) => [k, isoField(ctx, k)]),
  ) as Record<string, string | null>;
  const out: Finding[] = [];
  const add = (field: string, severity: Severity, score: number, message: string, evidence: Record<string, unknown>) =>
    out.push({ check: "content.date_order", severity, score, message, ...locate(ctx, d[field] as string), evidence });

  const birth = d.date_of_birth;
  for (const later of ["issue_date", "graduation_date", "expiry_date"]) {
    const date = d[later];
    if (birth && date && date <= birth) {
      add(later, "high", 0.75, `The ${LABEL[later]} (${date}) is not after the date of birth (${birth}).`, {
        date_of_birth: birth,
        [later]: date,
      });
    }
  }
  const graduation = d.graduation_date;
  if (birth && graduation && graduation > birth) {
    const age = daysBetween(birth, graduation) / 365.25;
    if (age < MIN_GRADUATION_AGE) {
      add(
        "graduation_date",
        "high",
        0.7,
        `The holder would have graduated at age ${age.toFixed(1)} (born ${birth}, graduated ${graduation}).`,
        {
          date_of_birth: birth,
          graduation_date: graduation,
          age_years: Number(age.toFixed(1)),
          minimum_age: MIN_GRADUATION_AGE,
        },
      );
    }
  }
  if (birth && daysBetween(birth, today) / 365.25 > MAX_AGE) {
    add("date_of_birth", "medium", 0.4, `The date of birth ${birth} makes the holder older than ${MAX_AGE}.`, {
      date_of_birth: birth,
      today,
    });
  }
  if (d.issue_date && d.expiry_date && d.expiry_date <= d.issue_date) {
    add(
      "expiry_date",
      "high",
      0.75,
      `The document expires (${d.expiry_date}) on or before its issue date (${d.issue_date}).`,
      {
        issue_date: d.issue_date,
        expiry_date: d.expiry_date,
      },
    );
  }
  for (const field of ["issue_date", "graduation_date", "date_of_birth"]) {
    const date = d[field];
    if (date && daysBetween(today, date) > FUTURE_SLACK_DAYS) {
      add(field, "high", 0.7, `The ${LABEL[field]} ${date} is in the future (today is ${today}).`, {
        [field]: date,
        today,
      });
    }
  }
  return out;
}
