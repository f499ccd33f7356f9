import type { Folder, Verification } from "../db";
import type { Verdict } from "../forensics/types";
import { timestamp } from "../http/response";
import { verificationSummary } from "../verifications/public-verification";
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

export function toApiFolderVerification(link: { addedAt: Date; verification: Verification }) {
  return { ...verificationSummary(link.verification), added_at: timestamp(link.addedAt) };
}
