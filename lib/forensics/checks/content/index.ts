// Content logic: the order of the document's dates and the arithmetic of payslips, bank
// statements, transcripts and utility bills, read from the text with its positions.
import type { Check, DocumentContext } from "../../context";
import type { Finding } from "../../types";
import { bankStatementFindings } from "./bank-statement";
import { type ZoneDates, hasMrz, zoneDates } from "../mrz/zone";
import { dateOrderFindings, expiryFinding } from "./date-order";
import { rereadMarkedFigures } from "./marked-figures";
import { rereadExcusedFigures } from "./reread-figures";
import { rereadLongFigures, rereadShortFigures } from "./short-figures";
import { rereadUnseparatedFigures } from "./unseparated-figures";
import { GROSS_RE, NET_RE, payslipFindings } from "./payslip";
import { transcriptFindings } from "./transcript";
import { utilityBillFindings } from "./utility-bill";

const text = (ctx: DocumentContext) => ctx.fullText.join("\n");
const looksLikePayslip = (ctx: DocumentContext) =>
  ctx.docType === "payslip" || (GROSS_RE.test(text(ctx)) && NET_RE.test(text(ctx)));
// A bill also prints an account and a balance brought forward; its sums are the bill's own check.
const looksLikeStatement = (ctx: DocumentContext) =>
  ctx.docType === "bank_statement" ||
  (ctx.docType !== "utility_bill" && /\bbalance\b/i.test(text(ctx)) && /\b(statement|account)\b/i.test(text(ctx)));

/**
 * All content findings; `now` decides what is "in the future". The expiry of a document with a
 * machine-readable zone is the MRZ check's to report (its date is certified by a check digit).
 */
export function contentFindings(
  ctx: DocumentContext,
  now: Date,
  log: (message: string) => void = () => {},
  withMrz = false,
  zone: ZoneDates = {},
): Finding[] {
  const findings = [...dateOrderFindings(ctx, now, zone)];
  const expired = expiryFinding(ctx, now);
  if (expired && !withMrz) findings.push(expired);
  if (looksLikePayslip(ctx)) findings.push(...payslipFindings(ctx));
  if (looksLikeStatement(ctx)) findings.push(...bankStatementFindings(ctx));
  if (ctx.docType === "transcript") findings.push(...transcriptFindings(ctx));
  if (ctx.docType === "utility_bill") findings.push(...utilityBillFindings(ctx));
  log(`content: ${findings.length} finding(s)`);
  return findings;
}

export const check: Check = {
  name: "content",
  applies: (ctx) =>
    ctx.pages.some((p) => p.text.length > 0) ||
    ctx.fullText.some((t) => t.trim() !== "") ||
    Object.keys(ctx.fields).length > 0,
  run: async (original, log) => {
    const now = new Date();
    // Figures page OCR misread in ways the page itself shows, each read again alone, in turn.
    let ctx = original;
    for (const reread of [rereadUnseparatedFigures, rereadShortFigures, rereadLongFigures, rereadMarkedFigures])
      ctx = await reread(ctx);
    // Only an expired document needs to know (the zone may take a band reading to find).
    const withMrz = expiryFinding(ctx, now) !== null && (await hasMrz(original));
    // The zone is read from the page's pixels, which no reread figure changes: the MRZ check's reading.
    const findings = contentFindings(ctx, now, log, withMrz, await zoneDates(original, now));
    return rereadExcusedFigures(ctx, findings);
  },
};
