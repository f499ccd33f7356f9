import { withApp } from "@/lib/api/app-api";
import { parseParams } from "@/lib/http/request";
import { json } from "@/lib/http/response";
import { getPublicVerificationOrThrow } from "@/lib/verifications/public-verification";
import { fromDbVerdict } from "@/lib/verifications/verdicts";
import { VerificationParams, type VerificationRouteParams } from "@/lib/verifications/verification-params";

export const dynamic = "force-dynamic";

// Public like the share link: the unguessable id is the capability.
export const GET = withApp<"public", VerificationRouteParams>({ access: "public" }, async ({ db, params }) => {
  const { verification_id } = parseParams(params, VerificationParams);
  const v = await getPublicVerificationOrThrow(db, verification_id);
  return json({
    verification_id: v.id,
    status: v.status,
    verdict: v.verdict ? fromDbVerdict(v.verdict) : null,
    confidence: v.confidence,
    error: v.error ?? null,
  });
});
