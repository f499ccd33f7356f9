import type { Verification } from "../../db";
import { fromDbVerdict } from "../../verifications/verdicts";
import { summarizeDocuments, type SummaryDocument } from "./summarize-documents";

/** The consistency summary of the folder's documents as the engine read them. */
export function folderSummary(verifications: Verification[]) {
  return summarizeDocuments(verifications.map(toSummaryDocument));
}

function toSummaryDocument(v: Verification): SummaryDocument {
  const report = v.verdictJson as { fields?: Record<string, unknown> } | null;
  return {
    verification_id: v.id,
    doc_type: v.docType,
    file_name: v.fileName,
    status: v.status,
    verdict: v.verdict ? fromDbVerdict(v.verdict) : null,
    fields: report && typeof report.fields === "object" && report.fields ? report.fields : null,
  };
}
