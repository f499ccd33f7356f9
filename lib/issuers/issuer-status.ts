// What a verification's issuer answer reads, on every surface (result and share pages, the share
// JSON, the PDF report, the webhook payload, the badge): "Confirmed by <institution>" only when the
// answering address's domain was an admin-verified institution's when it answered; otherwise
// "Confirmed from <domain>, not a verified institution". The answer that stands is read from the
// requests themselves: a verified institution's outranks an unverified domain's, and among equals
// the latest stands. Kept free of other domain imports so any surface can use it.
import type { DbClient, Institution, IssuerApprovalRequest } from "../db";
import { timestamp } from "../http/response";

export interface IssuerStatusView {
  status: "confirmed" | "disputed";
  /** The verified institution's name, or null when the domain is not a verified institution's. */
  institution: string | null;
  /** Domain of the address that answered. */
  domain: string;
  verified_institution: boolean;
  answered_at: string;
  /** The sentence every surface shows. */
  text: string;
}

export async function standingIssuerStatus(db: DbClient, verificationId: string): Promise<IssuerStatusView | null> {
  const answer = await db.issuerApprovalRequest.findFirst({
    where: { verificationId, status: { in: ["confirmed", "disputed"] }, respondedAt: { not: null } },
    include: { answeredInstitution: true },
    orderBy: [{ answeredInstitutionId: { sort: "asc", nulls: "last" } }, { respondedAt: "desc" }],
  });
  return answer ? issuerStatusOfAnswer(answer) : null;
}

export function issuerStatusOfAnswer(
  r: Pick<IssuerApprovalRequest, "status" | "recipientDomain" | "respondedAt"> & {
    answeredInstitution?: Pick<Institution, "name"> | null;
  },
): IssuerStatusView | null {
  if ((r.status !== "confirmed" && r.status !== "disputed") || !r.respondedAt) return null;
  const institution = r.answeredInstitution?.name ?? null;
  return {
    status: r.status,
    institution,
    domain: r.recipientDomain,
    verified_institution: institution !== null,
    answered_at: timestamp(r.respondedAt),
    text: issuerStatusText(r.status, institution, r.recipientDomain, r.respondedAt),
  };
}

export function issuerStatusText(
  status: "confirmed" | "disputed",
  institution: string | null,
  domain: string,
  at: Date,
): string {
  const verb = status === "confirmed" ? "Confirmed" : "Disputed";
  const day = at.toISOString().slice(0, 10);
  return institution
    ? `${verb} by ${institution} on ${day}`
    : `${verb} from ${domain}, not a verified institution, on ${day}`;
}
