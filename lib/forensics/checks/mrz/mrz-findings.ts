// Turns parsed machine-readable zones into findings: check digits, impossible dates, expiry and
// disagreement with the printed fields.
import type { DocumentContext } from "../../context";
import type { Finding } from "../../types";
import { comparePrinted } from "./compare-printed";
import { type MrzBlock, findMrzBlocks, visualZoneText } from "./find-mrz";
import { ALNUM_SWAPS, type MrzDate, type ParsedMrz, parseMrz } from "./parse-mrz";

/** Below this OCR confidence a failed digit is as likely a misread as an edit. */
const RELIABLE_OCR = 60;

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
 * One letter/digit look-alike swapped anywhere in the zone that makes every check digit hold and
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
        if (!variant || variant.checks.some((c) => !c.valid)) continue;
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

function checkDigitFindings(mrz: ParsedMrz, block: MrzBlock, printed: string): Finding[] {
  const failed = mrz.checks.filter((c) => !c.valid);
  if (failed.length === 0) return [];
  const base = { page: block.page, region: block.region };
  const confirmed = block.ocr ? confirmedReading(mrz, printed) : null;
  if (confirmed) {
    return [
      {
        check: "mrz.check_digit_ocr",
        severity: "low",
        score: 0.15,
        message: `${failed.length} check digit(s) of the machine-readable zone fail as read, but all hold if the "${confirmed.from}" at line ${confirmed.line + 1}, position ${confirmed.at + 1} is read as "${confirmed.to}" (a common OCR letter/digit confusion), which gives the document number printed on the document.`,
        ...base,
        evidence: { format: mrz.format, lines: mrz.lines, reading: confirmed, failed: failed.map((c) => c.check) },
      },
    ];
  }
  const lowConfidence = block.ocr && block.confidence < RELIABLE_OCR;
  // Every digit failing on a poorly read zone is a garbled reading, not a set of edits.
  if (block.ocr && failed.length === mrz.checks.length && mrz.checks.length > 2) {
    return [
      {
        check: "mrz.unreadable",
        severity: "medium",
        score: 0.3,
        message: `All ${failed.length} check digits of the ${mrz.format} machine-readable zone fail; the zone was probably misread, so it cannot confirm the document.`,
        ...base,
        evidence: { format: mrz.format, lines: mrz.lines, confidence: block.confidence },
      },
    ];
  }
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
    if (lowConfidence) {
      // A photo read this poorly misreads digits for digits (8/6, 3/8) too; no edit is shown.
      return {
        check: "mrz.check_digit_ocr",
        severity: "low",
        score: 0.15,
        message: `The ${label} check digit of the machine-readable zone is ${c.found} but the data "${c.data}" gives ${c.expected ?? "no valid digit"}; the zone was read with low OCR confidence (${Math.round(block.confidence)}), so this is probably a misread.`,
        ...base,
        evidence: { ...evidence, confidence: block.confidence },
      };
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

function dateFindings(mrz: ParsedMrz, block: MrzBlock, now: Date): Finding[] {
  const base = { page: block.page, region: block.region };
  const out: Finding[] = [];
  for (const [label, date] of [
    ["date of birth", mrz.birthDate],
    ["expiry date", mrz.expiryDate],
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
  const birth = mrz.birthDate?.valid ? mrzDateToIso(mrz.birthDate, "birth", now) : null;
  const expiry = mrz.expiryDate?.valid ? mrzDateToIso(mrz.expiryDate, "expiry", now) : null;
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

function mismatchFindings(ctx: DocumentContext, mrz: ParsedMrz, block: MrzBlock, visual: string): Finding[] {
  return comparePrinted(mrz, ctx.fields, block.ocr, visual).map((m) => ({
    check: "mrz.printed_mismatch",
    severity: "high",
    score: 0.8,
    message: `The printed ${m.field.replace(/_/g, " ")} "${m.printed}" does not match the machine-readable zone ("${m.mrz}"): one of them was edited.`,
    page: block.page,
    region: block.region,
    evidence: { field: m.field, printed: m.printed, mrz: m.mrz, format: mrz.format },
  }));
}

/** All MRZ findings of a document; `now` decides expiry. */
export function mrzFindings(ctx: DocumentContext, now: Date, log: (message: string) => void = () => {}): Finding[] {
  const blocks = findMrzBlocks(ctx.pages, ctx.fullText);
  const findings: Finding[] = [];
  const visual = visualZoneText(ctx.pages, ctx.fullText);
  let parsed = 0;
  for (const block of blocks) {
    const mrz = parseMrz(block.lines, { fromOcr: block.ocr });
    if (!mrz) continue;
    parsed++;
    log(
      `MRZ ${mrz.format} on page ${block.page}: ${mrz.checks.filter((c) => c.valid).length}/${mrz.checks.length} check digits valid`,
    );
    findings.push(
      ...checkDigitFindings(mrz, block, [visual, String(ctx.fields.document_number ?? "")].join("\n")),
      ...dateFindings(mrz, block, now),
      ...mismatchFindings(ctx, mrz, block, visual),
    );
  }
  if (parsed === 0 && (ctx.docType === "passport" || blocks.length > 0)) {
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
