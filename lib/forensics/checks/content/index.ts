// Content logic: the order of the document's dates and the arithmetic of payslips, bank
// statements and transcripts, read from the text with its positions.
import type { Check, DocumentContext } from "../../context";
import type { Finding } from "../../types";
import { bankStatementFindings } from "./bank-statement";
import { findMrzBlocks } from "../mrz/find-mrz";
import { dateOrderFindings, expiryFinding } from "./date-order";
import { GROSS_RE, NET_RE, payslipFindings } from "./payslip";
import { transcriptFindings } from "./transcript";

const text = (ctx: DocumentContext) => ctx.fullText.join("\n");
const looksLikePayslip = (ctx: DocumentContext) =>
  ctx.docType === "payslip" || (GROSS_RE.test(text(ctx)) && NET_RE.test(text(ctx)));
const looksLikeStatement = (ctx: DocumentContext) =>
  ctx.docType === "bank_statement" || (/\bbalance\b/i.test(text(ctx)) && /\b(statement|account)\b/i.test(text(ctx)));

/** All content findings; `now` decides what is "in the future". */
export function contentFindings(ctx: DocumentContext, now: Date, log: (message: string) => void = () => {}): Finding[] {
  const findings = [...dateOrderFindings(ctx, now)];
  const expired = expiryFinding(ctx, now, findMrzBlocks(ctx.pages, ctx.fullText).length > 0);
  if (expired) findings.push(expired);
  if (looksLikePayslip(ctx)) findings.push(...payslipFindings(ctx));
  if (looksLikeStatement(ctx)) findings.push(...bankStatementFindings(ctx));
  if (ctx.docType === "transcript") findings.push(...transcriptFindings(ctx));
  log(`content: ${findings.length} finding(s)`);
  return findings;
}

export const check: Check = {
  name: "content",
  applies: (ctx) =>
    ctx.pages.some((p) => p.text.length > 0) ||
    ctx.fullText.some((t) => t.trim() !== "") ||
    Object.keys(ctx.fields).length > 0,
  run: async (ctx, log) => contentFindings(ctx, new Date(), log),
};
