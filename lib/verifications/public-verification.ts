// The public projection of a verification (share links, status, images, report): everything
// but who owns it and where its original is stored. The unguessable id is the capability.
import type { DbClient, Verification } from "../db";
import { ApiError } from "../http/errors";
import { timestamp } from "../http/response";
import { type IssuerStatusView, standingIssuerStatus } from "../issuers/issuer-status";
import { fromDbVerdict } from "./verdicts";

export async function getPublicVerificationOrThrow(db: DbClient, id: string): Promise<Verification> {
  const verification = await db.verification.findUnique({ where: { id } });
  if (!verification) throw new ApiError("not_found", `No verification with id "${id}" exists.`);
  return verification;
}

export function verificationSummary(v: Verification) {
  return {
    verification_id: v.id,
    status: v.status,
    verdict: v.verdict ? fromDbVerdict(v.verdict) : null,
    confidence: v.confidence,
    doc_type: v.docType,
    file_name: v.fileName,
    page_count: v.pageCount,
    source: v.source,
    created_at: timestamp(v.createdAt),
    completed_at: v.completedAt ? timestamp(v.completedAt) : null,
  };
}

export type VerificationSummary = ReturnType<typeof verificationSummary>;

/** `issuer` is the standing answer of the issuing institution (standingIssuerStatus), shown wherever this is. */
export function publicVerification(v: Verification, issuer: IssuerStatusView | null) {
  const base = `/dashboard/verification/${v.id}`;
  return {
    ...verificationSummary(v),
    content_type: v.contentType,
    mode: v.mode,
    livemode: v.livemode,
    report: v.verdictJson ?? null,
    error: v.error ?? null,
    share_url: `/share/${v.id}`,
    report_url: `${base}/report`,
    image_url: `${base}/image`,
    badged_document_url: `${base}/badged-document`,
    og_image_url: `${base}/og-image?v=${encodeURIComponent(v.ogImageVersion ?? "4")}`,
    issuer,
  };
}

/** The public projection with the issuer's standing answer read alongside. */
export async function sharedVerification(db: DbClient, v: Verification) {
  return publicVerification(v, await standingIssuerStatus(db, v.id));
}

/** The public projection for pages (result, share), or null when the id is unknown. */
export async function findPublicVerification(db: DbClient, id: string) {
  const verification = await db.verification.findUnique({ where: { id } });
  return verification ? sharedVerification(db, verification) : null;
}
