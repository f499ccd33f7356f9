// Findings about the machine-readable codes of a document: what each says, which of its values
// the printed document does not show, and codes that are visible but unreadable.
import type { DocumentContext } from "../../context";
import type { Finding, Severity } from "../../types";
import { type Comparison, comparePayload, printedCorpus } from "./compare-payload";
import type { DecodedCode } from "./decode-codes";
import { parsePayload } from "./payload";
import { canonicalNumber, editDistance } from "../mrz/compare-printed";
import { rowsOfDocument } from "../content/text-rows";

const LABEL: Record<string, string> = {
  QRCode: "QR code",
  PDF417: "PDF417 barcode",
  DataMatrix: "Data Matrix code",
  Aztec: "Aztec code",
};
const label = (format: string) => LABEL[format] ?? `${format} barcode`;

const preview = (text: string) => text.replace(/[\x00-\x1f]/g, " ").slice(0, 300);

function mismatchSeverity(missing: Comparison[], ocr: boolean): { severity: Severity; score: number } {
  // Names, dates and amounts are what forgers change; a bare reference number may simply not be
  // printed, unless the key says it is the document's number.
  const strong = missing.filter((m) => m.value.kind !== "identifier" || m.value.field !== undefined);
  if (strong.length === 0) return { severity: "medium", score: 0.4 };
  // A text layer holds every printed character: a value it lacks is not printed.
  if (!ocr) return { severity: "high", score: 0.8 };
  // On a photographed or scanned page, a value counts as contradicted only when the printed
  // field was read and says something else, by more than one misread character. A value OCR
  // simply did not find (a large decorative name, a faint line) is as well explained by an
  // unread line as by an edit.
  const contradicted = strong.some((m) => m.printed !== undefined && !oneMisreadAway(m.printed, m.value.value));
  return contradicted ? { severity: "high", score: 0.8 } : { severity: "medium", score: 0.45 };
}

/**
 * How surely OCR read the printed values the code contradicts (the least sure row that prints
 * one), so fusion weighs the contradiction by it; nothing for a text layer or an unprinted value.
 */
function printedReading(ctx: DocumentContext, missing: Comparison[]): { reading_confidence?: number } {
  const rows = rowsOfDocument(ctx.pages);
  const confidences = missing.flatMap((m) => {
    const row = m.printed ? rows.find((r) => r.text.includes(m.printed as string)) : undefined;
    return row?.ocr ? [row.meanConfidence] : [];
  });
  return confidences.length > 0 ? { reading_confidence: Math.round(Math.min(...confidences)) } : {};
}

function oneMisreadAway(printed: string, encoded: string): boolean {
  const a = canonicalNumber(printed);
  const b = canonicalNumber(encoded);
  return a.length > 0 && b.length > 0 && editDistance(a, b) <= 1;
}

function describe(c: Comparison): string {
  const key = c.value.key ? `${c.value.key} ` : "";
  return c.printed !== undefined ? `${key}"${c.value.value}" (printed: "${c.printed}")` : `${key}"${c.value.value}"`;
}

export function codeFindings(ctx: DocumentContext, page: number, codes: DecodedCode[]): Finding[] {
  const corpus = printedCorpus(ctx);
  const out: Finding[] = [];
  for (const code of codes) {
    if (!code.valid) {
      out.push({
        check: "codes.unreadable",
        severity: "info",
        score: 0,
        message: `A ${label(code.format)} is visible on page ${page} but could not be decoded (${code.error || "unreadable"}), so its content could not be compared with the printed text.`,
        page,
        region: code.region,
        evidence: { format: code.format, error: code.error },
      });
      continue;
    }
    const payload = parsePayload(code.text);
    const comparisons = comparePayload(payload.values, ctx, corpus);
    const missing = comparisons.filter((c) => !c.found);
    const domain = payload.url?.hostname;
    out.push({
      check: "codes.decoded",
      severity: "info",
      score: 0,
      message:
        `${label(code.format)} on page ${page} holds ${domain ? `a link to ${domain} (not visited)` : `${payload.kind.replace("_", "-")} data`}` +
        (comparisons.length > 0
          ? `; ${comparisons.length - missing.length} of ${comparisons.length} value(s) match the printed text.`
          : "."),
      page,
      region: code.region,
      evidence: {
        format: code.format,
        payload_kind: payload.kind,
        payload: preview(code.text),
        ...(domain ? { domain } : {}),
        values: comparisons.map((c) => ({
          key: c.value.key,
          value: c.value.value,
          kind: c.value.kind,
          found: c.found,
        })),
      },
    });
    if (missing.length > 0) {
      const weight = mismatchSeverity(missing, corpus.fuzzy);
      out.push({
        check: "codes.payload_mismatch",
        severity: weight.severity,
        score: weight.score,
        message: `The ${label(code.format)} on page ${page} encodes ${missing.map(describe).join(", ")}, which the printed document does not show: the printed text or the code was altered.`,
        page,
        region: code.region,
        evidence: {
          format: code.format,
          payload_kind: payload.kind,
          missing: missing.map((m) => ({
            key: m.value.key,
            value: m.value.value,
            kind: m.value.kind,
            printed: m.printed ?? null,
          })),
          matched: comparisons.filter((c) => c.found).map((c) => c.value.value),
          ...printedReading(ctx, missing),
        },
      });
    }
  }
  return out;
}
