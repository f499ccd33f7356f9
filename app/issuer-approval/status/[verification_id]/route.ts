import { withApp } from "@/lib/api/app-api";
import { json } from "@/lib/http/response";
import { requestStatusSchema } from "@/lib/issuers/issuer-schema";
import { requestStatus } from "@/lib/issuers/request-status";
import { VerificationParams } from "@/lib/verifications/verification-params";

export const dynamic = "force-dynamic";

export const GET = withApp(
  {
    operationId: "getIssuerApprovalStatus",
    summary: "The issuer status of one's verification and its requests",
    description: "Only the owner; another user's verification answers 404.",
    tag: "issuer-approval",
    access: "user",
    params: VerificationParams,
    responses: { 200: { description: "The standing answer and every request.", schema: requestStatusSchema } },
    errors: ["not_found"],
  },
  async ({ db, user, params }) => json(await requestStatus(db, params.verification_id, user.id)),
);
