// The public shape of a verification (public-api-v1.md "Verification"), shared by every surface.
import type { Verification } from "../db";
import { timestamp } from "../http/response";
import { fromDbVerdict } from "./verdicts";

export function toApiVerification(v: Verification) {
  return {
    id: v.id,
    object: "verification" as const,
    status: v.status,
    verdict: v.verdict ? fromDbVerdict(v.verdict) : null,
    confidence: v.confidence ?? 0,
    doc_type: v.docType ?? "other",
    livemode: v.livemode,
    mode: v.mode,
    page_count: v.pageCount,
    file_name: v.fileName,
    content_type: v.contentType,
    created_at: timestamp(v.createdAt),
    completed_at: v.completedAt ? timestamp(v.completedAt) : null,
    poll_url: `/v1/verifications/${v.id}`,
    credits_charged: v.creditsCharged,
    /** The forensic report (live mode) or the test-mode explanation. */
    report: v.verdictJson ?? null,
    error: v.error ?? null,
  };
}

export type ApiVerification = ReturnType<typeof toApiVerification>;
