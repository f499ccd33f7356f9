// One or two sentences a person can read: the verdict and the evidence that carried it.
import type { DocType, Finding } from "../types";
import type { Classification } from "./classify";
import type { Fused } from "./fuse";

const DOC_NAMES: Record<DocType, string> = {
  diploma: "diploma",
  transcript: "transcript",
  certificate: "certificate",
  id_card: "identity card",
  passport: "passport",
  payslip: "payslip",
  bank_statement: "bank statement",
  utility_bill: "utility bill",
  employment_letter: "employment letter",
  other: "document",
};

const KIND_NAMES = {
  blank: "a blank page",
  photo: "a photograph rather than a document",
  screenshot: "a screenshot of a screen",
  meme: "a captioned picture (meme)",
  text: "a text that is no credential (an article, a letter, an invoice)",
  graphic: "a picture with no text to read (a chart, a drawing, a graphic)",
  document: "a document",
};

export function summarise(
  fused: Fused,
  cls: Classification,
  checksRun: number,
  pagesAnalysed: number,
  pageCount: number,
  findings: Finding[] = [],
): string {
  const verdict = verdictSentence(fused, cls, checksRun, pagesAnalysed, pageCount);
  return fused.verdict === "NOT_CREDENTIAL" ? verdict : verdict + validity(findings, cls.docType);
}

/**
 * Whether the document is still valid is a separate question from whether it was forged: an
 * expired passport is reported as expired whatever the verdict, and never counts against it.
 */
function validity(findings: Finding[], docType: DocType): string {
  const expired = findings.find((f) => f.check === "mrz.expired" || f.check === "content.expired");
  const date = expired?.evidence?.expiry_date;
  if (typeof date !== "string") return "";
  const what =
    docType === "passport" || docType === "id_card" ? "it no longer proves identity" : "it is no longer valid";
  return ` It expired on ${date}, so ${what}; expiry is not a sign of forgery.`;
}

function verdictSentence(
  fused: Fused,
  cls: Classification,
  checksRun: number,
  pagesAnalysed: number,
  pageCount: number,
): string {
  const doc = DOC_NAMES[cls.docType];
  const pages =
    pageCount > pagesAnalysed
      ? `${pagesAnalysed} of ${pageCount} pages`
      : `${pagesAnalysed} page${pagesAnalysed === 1 ? "" : "s"}`;
  switch (fused.verdict) {
    case "NOT_CREDENTIAL": {
      const reasons = cls.pages[0]?.reasons.join(", ");
      return `This is not a credential: it looks like ${KIND_NAMES[cls.kind]}${reasons ? ` (${reasons})` : ""}.`;
    }
    case "REJECTED":
      return `This ${doc} shows strong signs of manipulation: ${evidence(fused.decisive, 2)}`;
    case "SUSPECT":
      return `This ${doc} shows signs of possible manipulation that a person should examine: ${evidence(fused.decisive, 2)}`;
    case "MANUAL_REVIEW":
      if (fused.reviewReason === "too_poor") {
        const misread = fused.decisive.length
          ? ` What was read from it does not add up (${evidence(fused.decisive, 1).replace(/\.$/, "")}), which may be a misreading.`
          : "";
        return `The image of this ${doc} is too blurred, dark or small to judge reliably; send a sharper scan or photo, or have a person review it.${misread}`;
      }
      if (fused.reviewReason === "nothing_verifiable") {
        return `Nothing on this ${doc} could be read or verified (no text, no fields, no machine-readable zone or code), so no check had anything to hold it against; a person should review it.`;
      }
      if (fused.reviewReason === "unidentified") {
        return `Text was read on this document, but none of the wording of a credential and none of its fields (holder, dates, numbers, amounts), so no check could hold it against what it says it is; a person should review it.`;
      }
      if (fused.reviewReason === "unread_script") {
        return `This ${doc} carries lines of text in a script the engine does not read (or print too poor for OCR), so nothing on it could be checked against its wording; a person who reads it should review it.`;
      }
      if (fused.reviewReason === "identity_unverified") {
        return `The machine-readable zone of this ${doc} could not be read, so nothing on it was verified, and the file records a save by an image editor; a person should review it.`;
      }
      if (fused.reviewReason === "checks_failed") {
        return `Too few of the forensic checks could run on this ${doc} to vouch for it; a person should review it.`;
      }
      return `The evidence on this ${doc} conflicts: ${evidence(fused.decisive, 1)} A person should weigh it.`;
    case "VERIFIED": {
      const checks = `${checksRun} forensic check${checksRun === 1 ? "" : "s"} on ${pages}`;
      // A hint that did not weigh enough (one measurement alone, a finding on an unsure reading) is
      // still something found: the summary does not say nothing was.
      const hint = fused.decisive.find((f) => f.severity !== "low" && f.severity !== "info");
      return hint
        ? `Nothing found on this ${doc} weighs enough to doubt it (${checks}); one finding is worth a look: ${sentence(hint.message)}`
        : `No signs of tampering were found in this ${doc} (${checks}).`;
    }
  }
}

function evidence(findings: Finding[], n: number): string {
  const top = findings.slice(0, n).map((f) => sentence(f.message));
  const more = findings.length - top.length;
  return top.join(" ") + (more > 0 ? ` (${more} more finding${more === 1 ? "" : "s"} below.)` : "");
}

function sentence(s: string): string {
  const t = s.trim();
  return /[.!?]$/.test(t) ? t : `${t}.`;
}
