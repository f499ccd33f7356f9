// Rows → the /issuer-approval wire shapes (issuer-schema.ts). The institution's view is built here
// too: the document and what Credence found, nothing of the requester's account.
import type { Institution, InstitutionDomain, IssuerApprovalRequest, User, Verification } from "../db";
import type { ForensicReport } from "../forensics/types";
import { timestamp } from "../http/response";
import { fromDbVerdict } from "../verifications/verdicts";
import { effectiveStatus } from "./request-state";

const at = (d: Date | null) => (d ? timestamp(d) : null);

type WithInstitution = IssuerApprovalRequest & { answeredInstitution?: Institution | null };

export function toOwnerRequest(r: WithInstitution, now = new Date()) {
  return {
    request_id: r.id,
    verification_id: r.verificationId,
    institution_name: r.institutionName,
    institution_email: r.institutionEmail,
    recipient_domain: r.recipientDomain,
    message: r.message,
    status: effectiveStatus(r, now),
    email_status: r.emailStatus,
    email_error: r.emailError,
    responder_name: r.responderName,
    response_comment: r.responseComment,
    answered_by_verified_institution: r.answeredInstitution?.name ?? null,
    created_at: timestamp(r.createdAt),
    sent_at: at(r.sentAt),
    expires_at: timestamp(r.expiresAt),
    responded_at: at(r.respondedAt),
  };
}

export function toTrackerItem(r: WithInstitution & { user: User; verification: Verification }, now = new Date()) {
  return { ...toOwnerRequest(r, now), requester_email: r.user.email, doc_type: r.verification.docType };
}

/** The document as the institution sees it: the engine's verdict (never an owner's override) and fields. */
export function institutionDocument(v: Verification) {
  const report = (v.verdictJson ?? {}) as Partial<ForensicReport>;
  return {
    doc_type: v.docType,
    page_count: v.pageCount,
    verdict: v.verdict ? fromDbVerdict(v.verdict) : null,
    confidence: v.confidence,
    summary: report.summary ?? null,
    fields: Object.fromEntries(
      Object.entries(report.fields ?? {}).filter(([, value]) => value !== null && value !== ""),
    ) as Record<string, string | number | boolean>,
    verified_at: at(v.completedAt),
  };
}

export function toInstitutionView(r: IssuerApprovalRequest, v: Verification, now = new Date()) {
  const status = effectiveStatus(r, now);
  return {
    institution_name: r.institutionName,
    message: r.message,
    status,
    can_respond: status === "pending",
    expires_at: timestamp(r.expiresAt),
    responded_at: at(r.respondedAt),
    document: institutionDocument(v),
  };
}

export function toApiInstitution(i: Institution, domains: InstitutionDomain[]) {
  return {
    institution_id: i.id,
    name: i.name,
    domains: domains.map((d) => d.domain).sort(),
    created_by: i.createdBy,
    verified_at: at(i.verifiedAt),
    created_at: timestamp(i.createdAt),
  };
}
