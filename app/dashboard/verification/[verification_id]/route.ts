import { withApp } from "@/lib/api/app-api";
import { parseParams } from "@/lib/http/request";
import { json } from "@/lib/http/response";
import { getPublicVerificationOrThrow, publicVerification } from "@/lib/verifications/public-verification";
import { VerificationParams, type VerificationRouteParams } from "@/lib/verifications/verification-params";

export const dynamic = "force-dynamic";

export const GET = withApp<"public", VerificationRouteParams>({ access: "public" }, async ({ db, params }) => {
  const { verification_id } = parseParams(params, VerificationParams);
  return json(publicVerification(await getPublicVerificationOrThrow(db, verification_id)));
});
