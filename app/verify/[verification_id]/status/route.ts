import { withApp } from "@/lib/api/app-api";
import { json } from "@/lib/http/response";
import { getPublicVerificationOrThrow } from "@/lib/verifications/public-verification";
import { verificationStatusSchema } from "@/lib/verifications/public-verification-schema";
import { fromDbVerdict } from "@/lib/verifications/verdicts";
import { VerificationParams } from "@/lib/verifications/verification-params";

export const dynamic = "force-dynamic";

// Public like the share link: the unguessable id is the capability.
export const GET = withApp(
  {
    operationId: "getVerificationStatus",
    summary: "The status of a verification",
    tag: "verify",
    access: "public",
    params: VerificationParams,
    responses: { 200: { description: "Status, verdict and confidence.", schema: verificationStatusSchema } },
    errors: ["not_found"],
  },
  async ({ db, params }) => {
    const v = await getPublicVerificationOrThrow(db, params.verification_id);
    return json({
      verification_id: v.id,
      status: v.status,
      verdict: v.verdict ? fromDbVerdict(v.verdict) : null,
      confidence: v.confidence,
      error: v.error ?? null,
    });
  },
);
