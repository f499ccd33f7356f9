import type { Folder, Verification } from "../db";
import type { Verdict } from "../forensics/types";
import { timestamp } from "../http/response";
import { ownerSummary } from "../review/owner-summaries";
import type { ReviewedVerdict } from "../review/reviewed-verdict";
import type { FolderStatus } from "./folder-schema";

export interface FolderCounts {
  documentCount: number;
  worstVerdict: Verdict | null;
}

export function toApiFolder(folder: Folder, counts: FolderCounts) {
  return {
    id: folder.id,
    object: "folder" as const,
    name: folder.name,
    applicant_name: folder.applicantName,
    reference: folder.reference,
    notes: folder.notes,
    status: folder.status as FolderStatus,
    document_count: counts.documentCount,
    worst_verdict: counts.worstVerdict,
    created_at: timestamp(folder.createdAt),
    updated_at: timestamp(folder.updatedAt),
  };
}

/** `verification` as stored; `review` the owner-side overlay (listFolderVerifications reads it). */
export function toApiFolderVerification(link: {
  addedAt: Date;
  verification: Verification;
  review?: ReviewedVerdict | null;
}) {
  return { ...ownerSummary(link.verification, link.review), added_at: timestamp(link.addedAt) };
}
