import { withApp } from "@/lib/api/app-api";
import { json } from "@/lib/http/response";
import { checkEligibility } from "@/lib/issuers/check-eligibility";
import { getOwnedVerificationOrThrow } from "@/lib/issuers/get-owned-verification-or-throw";
import { eligibilitySchema } from "@/lib/issuers/issuer-schema";
import { VerificationParams } from "@/lib/verifications/verification-params";

export const dynamic = "force-dynamic";

export const GET = withApp(
  {
    operationId: "checkIssuerApproval",
    summary: "Whether an institution's confirmation can be requested, and why not",
    description:
      "Only the owner; another user's verification answers 404. `reasons` lists every obstacle by code: " +
      "not_completed, test_mode (a test-mode verification is never sent), not_a_credential, document_unavailable, " +
      "already_confirmed (by a verified institution), verification_limit, daily_limit.",
    tag: "issuer-approval",
    access: "user",
    params: VerificationParams,
    responses: { 200: { description: "Eligibility, reasons and limits.", schema: eligibilitySchema } },
    errors: ["not_found"],
  },
  async ({ db, user, params }) => {
    const v = await getOwnedVerificationOrThrow(db, params.verification_id, user.id);
    return json(await checkEligibility(db, v, user.id));
  },
);
