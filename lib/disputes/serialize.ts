// Dispute rows to the shapes of dispute-schema.ts.
import type { Dispute, User, Verification } from "../db";
import { timestamp } from "../http/response";
import { verificationSummary } from "../verifications/public-verification";
import { fromDbVerdict } from "../verifications/verdicts";

export function toApiDispute(d: Dispute) {
  return {
    dispute_id: d.id,
    verification_id: d.verificationId,
    status: d.status,
    reason: d.reason,
    resolution_note: d.resolutionNote,
    original_verdict: d.originalVerdict ? fromDbVerdict(d.originalVerdict) : null,
    corrected_verdict: d.correctedVerdict ? fromDbVerdict(d.correctedVerdict) : null,
    created_at: timestamp(d.createdAt),
    resolved_at: d.resolvedAt ? timestamp(d.resolvedAt) : null,
  };
}

export type AdminDisputeRow = Dispute & {
  resolvedBy: Pick<User, "email"> | null;
  verification: Verification;
};

/**
 * What an admin reading the queue sees: the dispute and the document's summary. Not who filed it:
 * the owner is told the outcome by e-mail, so the reviewer needs no account's identity.
 */
export function toAdminDispute(d: AdminDisputeRow) {
  return {
    ...toApiDispute(d),
    resolved_by: d.resolvedBy?.email ?? null,
    verification: verificationSummary(d.verification),
  };
}

export const ADMIN_DISPUTE_INCLUDE = {
  resolvedBy: { select: { email: true } },
  verification: true,
} as const;
