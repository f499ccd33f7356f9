// The reviewed verifications the learning engine and the analytics read: the latest review of
// each (a re-review replaces the reviewer's earlier call), with the stored report it judged.
import type { DbClient } from "../../db";
import type { DocType, Finding, ForensicReport, FusionInputs, Verdict } from "../../forensics/types";
import { fromDbVerdict } from "../../verifications/verdicts";

export type StoredReport = Pick<
  ForensicReport,
  "findings" | "is_credential" | "doc_type" | "format" | "pages" | "confidence" | "fields"
> & { fusion_inputs?: FusionInputs };

export interface Reviewed {
  verificationId: string;
  reviewerId: string;
  original: Verdict;
  reviewed: Verdict;
  wrongChecks: string[];
  docType: string;
  /** The engine's report, when the verification has one to weigh again. */
  report: StoredReport | null;
}

export async function loadReviewed(db: DbClient): Promise<Reviewed[]> {
  const rows = await db.review.findMany({
    orderBy: [{ verificationId: "asc" }, { createdAt: "desc" }, { id: "desc" }],
    distinct: ["verificationId"],
    include: { verification: { select: { docType: true, verdictJson: true } } },
  });
  return rows.map((r) => ({
    verificationId: r.verificationId,
    reviewerId: r.reviewerId,
    original: fromDbVerdict(r.originalVerdict),
    reviewed: fromDbVerdict(r.newVerdict),
    wrongChecks: r.overriddenChecks,
    docType: r.verification.docType ?? "other",
    report: storedReport(r.verification.verdictJson),
  }));
}

function storedReport(json: unknown): StoredReport | null {
  const r = json as Partial<StoredReport> | null;
  if (!r || !Array.isArray(r.findings) || !Array.isArray(r.pages) || typeof r.format !== "string") return null;
  if (typeof r.is_credential !== "boolean" || typeof r.doc_type !== "string") return null;
  return { ...r, doc_type: r.doc_type as DocType, findings: r.findings as Finding[] } as StoredReport;
}

/** Checks whose findings counted against the document (not neutral observations). */
export function countingChecks(report: StoredReport): Set<string> {
  return new Set(report.findings.filter((f) => f.severity !== "info" && f.score > 0).map((f) => f.check));
}
