import { withApp } from "@/lib/api/app-api";
import { parseParams } from "@/lib/http/request";
import { binaryResponse } from "@/lib/images/binary-response";
import { badgedDocumentFor } from "@/lib/images/verification-images";
import { getPublicVerificationOrThrow } from "@/lib/verifications/public-verification";
import { VerificationParams, type VerificationRouteParams } from "@/lib/verifications/verification-params";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = withApp<"public", VerificationRouteParams>({ access: "public" }, async ({ db, params }) => {
  const { verification_id } = parseParams(params, VerificationParams);
  const verification = await getPublicVerificationOrThrow(db, verification_id);
  return binaryResponse(await badgedDocumentFor(db, verification), "image/png", {
    "cache-control": "public, max-age=300",
  });
});
