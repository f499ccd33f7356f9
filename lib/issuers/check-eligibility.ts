// Whether the owner may ask an institution to confirm this verification, and every reason why not
// (machine-readable codes). Test mode never produces trust (DESIGN.md): a test-mode verification is
// never sent, whatever its verdict.
import type { DbClient, Verification } from "../db";
import { loadEnv } from "../env";
import { windowStart } from "./daily-window";
import type { IneligibilityCode } from "./issuer-schema";
import { type IssuerStatusView, standingIssuerStatus } from "./issuer-status";

/** Documents an institution issues and can vouch for. */
export const CREDENTIAL_DOC_TYPES: readonly string[] = ["diploma", "transcript", "certificate", "employment_letter"];

export interface Eligibility {
  verification_id: string;
  eligible: boolean;
  reasons: Array<{ code: IneligibilityCode; message: string }>;
  limits: {
    per_user_per_day: { limit: number; used: number };
    per_verification: { limit: number; used: number };
    per_recipient_per_day: { limit: number };
  };
  issuer: IssuerStatusView | null;
}

export async function checkEligibility(db: DbClient, v: Verification, userId: string): Promise<Eligibility> {
  const env = loadEnv();
  const [usedToday, usedOnVerification, original, issuer] = await Promise.all([
    db.issuerApprovalRequest.count({ where: { userId, createdAt: { gt: windowStart() } } }),
    db.issuerApprovalRequest.count({ where: { verificationId: v.id } }),
    db.storedFile.findFirst({
      where: { verificationId: v.id, kind: "original", deletedAt: null },
      select: { id: true },
    }),
    standingIssuerStatus(db, v.id),
  ]);
  const reasons: Eligibility["reasons"] = [];
  const no = (code: IneligibilityCode, message: string) => reasons.push({ code, message });

  if (!v.livemode || v.verdict === "VERIFIED_SAMPLE")
    no(
      "test_mode",
      "A test-mode verification proves nothing about the document, so it is never sent to an institution.",
    );
  if (v.status !== "completed") no("not_completed", "The verification has not completed.");
  else if (!v.docType || !CREDENTIAL_DOC_TYPES.includes(v.docType) || v.verdict === "NOT_CREDENTIAL")
    no(
      "not_a_credential",
      `Only credentials an institution issues (${CREDENTIAL_DOC_TYPES.join(", ")}) can be confirmed; this document was read as ${v.docType ?? "unknown"}.`,
    );
  if (!v.documentImagePath || !original)
    no("document_unavailable", "The document is no longer stored (its retention period has passed).");
  if (issuer?.status === "confirmed" && issuer.verified_institution) no("already_confirmed", `${issuer.text}.`);
  if (usedOnVerification >= env.ISSUER_REQUESTS_PER_VERIFICATION)
    no(
      "verification_limit",
      `This verification has had ${usedOnVerification} request(s); at most ${env.ISSUER_REQUESTS_PER_VERIFICATION} are sent per verification.`,
    );
  if (usedToday >= env.ISSUER_REQUESTS_PER_USER_PER_DAY)
    no(
      "daily_limit",
      `You sent ${usedToday} request(s) in the last 24 hours; the limit is ${env.ISSUER_REQUESTS_PER_USER_PER_DAY}.`,
    );

  return {
    verification_id: v.id,
    eligible: reasons.length === 0,
    reasons,
    limits: {
      per_user_per_day: { limit: env.ISSUER_REQUESTS_PER_USER_PER_DAY, used: usedToday },
      per_verification: { limit: env.ISSUER_REQUESTS_PER_VERIFICATION, used: usedOnVerification },
      per_recipient_per_day: { limit: env.ISSUER_REQUESTS_PER_RECIPIENT_PER_DAY },
    },
    issuer,
  };
}
