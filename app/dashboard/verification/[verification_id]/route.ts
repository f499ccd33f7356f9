import { withApp } from "@/lib/api/app-api";
import { json } from "@/lib/http/response";
import { getPublicVerificationOrThrow, sharedVerification } from "@/lib/verifications/public-verification";
import { publicVerificationSchema } from "@/lib/verifications/public-verification-schema";
import { VerificationParams } from "@/lib/verifications/verification-params";

export const dynamic = "force-dynamic";

export const GET = withApp(
  {
    operationId: "getSharedVerification",
    summary: "One verification result, as shared",
    tag: "dashboard",
    access: "public",
    params: VerificationParams,
    responses: { 200: { description: "The verification without its owner.", schema: publicVerificationSchema } },
    errors: ["not_found"],
  },
  async ({ db, params }) =>
    json(await sharedVerification(db, await getPublicVerificationOrThrow(db, params.verification_id))),
);
