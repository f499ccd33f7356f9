// Turns parsed machine-readable zones into findings: check digits, impossible dates, expiry and
// disagreement with the printed fields.
import type { DocumentContext } from "../../context";
import type { Finding } from "../../types";
import { comparePrinted } from "./compare-printed";
import { type MrzBlock, findMrzBlocks, visualZoneText } from "./find-mrz";
import type { CheckName } from "./layouts";
import { ALNUM_SWAPS, type CheckResult, type MrzDate, type ParsedMrz, parseMrz } from "./parse-mrz";
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

/** Calendar date of an MRZ date; births are never in the future, expiries within 50 years. */
export function mrzDateToIso(date: MrzDate, kind: "birth" | "expiry", now: Date): string {
  const thisYear = now.getUTCFullYear();
  let year = 2000 + date.yy;
  if (kind === "birth" ? year > thisYear : year > thisYear + 50) year -= 100;
  return `${year}-${String(date.month).padStart(2, "0")}-${String(date.day).padStart(2, "0")}`;
}

const alnum = (s: string) => s.toUpperCase().replace(/[^A-Z0-9]/g, "");

/**
 * One look-alike swapped anywhere in the zone that makes every check digit that was read hold and
 * gives the document number printed in the visual zone: the zone was misread, not edited. A
 * forger who changes the number changes it on both sides, so the printed number matches the
 * zone as read and no swap is confirmed by it.
 */
export function confirmedReading(
  mrz: ParsedMrz,
  printed: string,
): { line: number; at: number; from: string; to: string } | null {
  const printedText = printed.split("\n").map(alnum).join("\n");
  for (let line = 0; line < mrz.lines.length; line++) {
    const text = mrz.lines[line] as string;
    for (let at = 0; at < text.length; at++) {
      const from = text[at] as string;
      for (const to of ALNUM_SWAPS[from] ?? []) {
        const lines = mrz.lines.map((l, i) => (i === line ? l.slice(0, at) + to + l.slice(at + 1) : l));
        const variant = parseMrz(lines, { fromOcr: false });
        // A digit OCR never saw (lost, or a filler where it belongs) cannot speak against the swap.
        if (!variant || variant.checks.some((c) => !c.valid && digitRead(mrz, c.check))) continue;
        if (
          variant.documentNumber.length >= 5 &&
          variant.documentNumber !== mrz.documentNumber &&
          printedText.includes(variant.documentNumber)
        ) {
          return { line, at, from, to };
        }
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
  const trusted = new Set<CheckName>();
  for (const c of fieldFailures) {
    const sureAlone = soundlyRead(mrz, c.check) && block.confidence >= RELIABLE_OCR && fieldFailures.length === 1;
    if (sureAlone || confirmed(c.check)) trusted.add(c.check);
  }
  const composite = failed.find((c) => c.check === "composite");
  if (composite && digitRead(mrz, "composite")) {
    // The composite follows a trusted field edit; failing alone it needs a second reading.
    if ((trusted.size > 0 && soundlyRead(mrz, "composite")) || (fieldFailures.length === 0 && confirmed("composite"))) {
      trusted.add("composite");
    }
  }
  return trusted;
}

function checkDigitFindings(
  primary: Reading,
  alike: readonly Reading[],
  witnesses: readonly Pick<Reading, "block">[],
  printed: string,
): Finding[] {
  const { mrz, block } = primary;
  const failed = mrz.checks.filter((c) => !c.valid);
  if (failed.length === 0) return [];
  const base = { page: block.page, region: block.region };
  const confirmed = block.ocr ? confirmedReading(mrz, printed) : null;
  if (confirmed) {
    return [
      {
        // Every digit holding after one look-alike swap that gives the printed number is a
        // corrected reading, as a passport reader would make it: nothing is left to doubt.
        check: "mrz.ocr_corrected",
        severity: "info",
        score: 0,
        message: `${failed.length} check digit(s) of the machine-readable zone fail as read, but all hold if the "${confirmed.from}" at line ${confirmed.line + 1}, position ${confirmed.at + 1} is read as "${confirmed.to}" (a common OCR letter/digit confusion), which gives the document number printed on the document.`,
        ...base,
        evidence: { format: mrz.format, lines: mrz.lines, reading: confirmed, failed: failed.map((c) => c.check) },
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
      return {
        check: "mrz.check_digit_ocr",
        severity: "low",
        score: 0.15,
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

const FIELD_CHECK: Record<string, CheckName> = {
  date_of_birth: "date_of_birth",
  expiry_date: "expiry_date",
  document_number: "document_number",
};

/** Whether a reading's value for a dated field is certain: a text layer, or its check digit holds. */
function certified(reading: Reading, check: CheckName): boolean {
  // An empty field "holds" its filler check digit without certifying anything.
  return !reading.block.ocr || reading.mrz.checks.some((c) => c.check === check && c.valid && /[^<]/.test(c.data));
}

/** The date of a field from the first reading that certifies it. */
function certifiedDate(readings: readonly Reading[], check: "date_of_birth" | "expiry_date"): MrzDate | null {
  for (const r of readings) {
    const date = check === "date_of_birth" ? r.mrz.birthDate : r.mrz.expiryDate;
    if (date && certified(r, check)) return date;
  }
  return null;
}

function dateFindings(readings: readonly Reading[], now: Date): Finding[] {
  const block = (readings[0] as Reading).block;
  const base = { page: block.page, region: block.region };
  const out: Finding[] = [];
  const birthDate = certifiedDate(readings, "date_of_birth");
  const expiryDate = certifiedDate(readings, "expiry_date");
  for (const [label, date] of [
    ["date of birth", birthDate],
    ["expiry date", expiryDate],
  ] as const) {
    if (date && !date.valid) {
      out.push({
        check: "mrz.impossible_date",
        severity: "high",
        score: 0.8,
        message: `The machine-readable zone encodes an impossible ${label} (${date.raw}: month ${date.month}, day ${date.day}).`,
        ...base,
        evidence: { field: label, raw: date.raw },
      });
    }
  }
  const today = now.toISOString().slice(0, 10);
  const birth = birthDate?.valid ? mrzDateToIso(birthDate, "birth", now) : null;
  const expiry = expiryDate?.valid ? mrzDateToIso(expiryDate, "expiry", now) : null;
  if (birth && expiry && expiry <= birth) {
    out.push({
      check: "mrz.impossible_date",
      severity: "high",
      score: 0.8,
      message: `The machine-readable zone says the document expires (${expiry}) before its holder was born (${birth}).`,
      ...base,
      evidence: { date_of_birth: birth, expiry_date: expiry },
    });
  }
  if (expiry && expiry < today) {
    out.push({
      check: "mrz.expired",
      severity: "medium",
      score: 0.1,
      message: `The document expired on ${expiry}; an expired document is not a forgery by itself but no longer proves identity.`,
      ...base,
      evidence: { expiry_date: expiry, today },
    });
  }
  return out;
}

/**
 * Printed fields that disagree with the zone in every reading of it: a disagreement one reading
 * shows and another does not is a misread, not an edit.
 */
function mismatchFindings(ctx: DocumentContext, readings: readonly Reading[], visual: string): Finding[] {
  // A reading none of whose dates holds its check digit is not aligned with its layout (a
  // misparse, or lines from elsewhere on the page): its name and nationality are not the zone's.
  const aligned = readings.filter((r) => !r.block.ocr || certified(r, "date_of_birth") || certified(r, "expiry_date"));
  const [first, ...rest] = aligned.map((r) => ({ r, found: comparePrinted(r.mrz, ctx.fields, r.block.ocr, visual) }));
  if (!first) return [];
  const { mrz, block } = first.r;
  // A reading whose check digit fails on a field has no say on it.
  const hasSay = (r: Reading, field: string) =>
    !(field in FIELD_CHECK) || certified(r, FIELD_CHECK[field] as CheckName);
  return first.found
    .filter((m) => rest.every((other) => other.found.some((o) => o.field === m.field) || !hasSay(other.r, m.field)))
    .map((m) => ({
      check: "mrz.printed_mismatch",
      severity: "high",
      score: 0.8,
      message: `The printed ${m.field.replace(/_/g, " ")} "${m.printed}" does not match the machine-readable zone ("${m.mrz}"): one of them was edited.`,
      page: block.page,
      region: block.region,
      evidence: { field: m.field, printed: m.printed, mrz: m.mrz, format: mrz.format },
    }));
}

/** Most check digits holding first; then lines needing no fitting; then the page's own reading. */
function byQuality(a: Reading, b: Reading): number {
  const valid = (r: Reading) => r.mrz.checks.filter((c) => c.valid).length;
  const fitted = (r: Reading) => r.mrz.fitted.filter(Boolean).length;
  return (
    valid(b) - valid(a) || fitted(a) - fitted(b) || Number(a.block.pass === "band") - Number(b.block.pass === "band")
  );
}

/** Whether a finding is a failed digit, read but unconfirmed, that another look at the band could settle. */
export const wantsAnotherLook = (f: Finding) => f.check === "mrz.check_digit_ocr" && f.evidence?.unconfirmed === true;

/**
 * All MRZ findings of a document; `now` decides expiry. `rereads` are zones read again on their
 * own (read-band.ts); each page's readings are weighed together.
 */
export function mrzFindings(
  ctx: DocumentContext,
  now: Date,
  log: (message: string) => void = () => {},
  rereads: readonly MrzBlock[] = [],
): Finding[] {
  const blocks = [...findMrzBlocks(ctx.pages, ctx.fullText), ...rereads];
  const findings: Finding[] = [];
  const visual = visualZoneText(ctx.pages, ctx.fullText);
  const printed = [visual, String(ctx.fields.document_number ?? "")].join("\n");
  const pages = new Map<number, Reading[]>();
  const blocksOfPage = (page: number) => blocks.filter((b) => b.page === page);
  for (const block of blocks) {
    const mrz = parseMrz(block.lines, { fromOcr: block.ocr });
    if (!mrz) continue;
    log(
      `MRZ ${mrz.format} on page ${block.page} (${block.pass ?? "page"} reading): ${mrz.checks.filter((c) => c.valid).length}/${mrz.checks.length} check digits valid`,
    );
    pages.set(block.page, [...(pages.get(block.page) ?? []), { block, mrz }]);
  }
  for (const readings of pages.values()) {
    // Readings of another layout are of something else (a misparse); weigh like with like.
    const [primary, ...others] = [...readings].sort(byQuality) as [Reading, ...Reading[]];
    const alike = others.filter((r) => r.mrz.format === primary.mrz.format);
    // Any other reading of the zone may confirm characters, even one that fits no layout whole.
    const witnesses = blocksOfPage(primary.block.page).map((block) => ({ block }));
    findings.push(
      ...checkDigitFindings(primary, alike, witnesses, printed),
      ...dateFindings([primary, ...alike], now),
      ...mismatchFindings(ctx, [primary, ...alike], visual),
    );
  }
  if (pages.size === 0 && (ctx.docType === "passport" || blocks.length > 0)) {
    findings.push({
      check: "mrz.not_found",
      severity: "info",
      score: 0,
      message:
        blocks.length > 0
          ? "Text resembling a machine-readable zone was found but fits no ICAO 9303 layout."
          : "No machine-readable zone could be read on this passport.",
      page: blocks[0]?.page ?? null,
      region: blocks[0]?.region ?? null,
      evidence: { candidates: blocks.map((b) => b.lines) },
    });
  }
  return findings;
}
