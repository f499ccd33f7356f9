import { withApp } from "@/lib/api/app-api";
import { binaryResponse } from "@/lib/images/binary-response";
import { badgedDocumentFor } from "@/lib/images/verification-images";
import { getPublicVerificationOrThrow } from "@/lib/verifications/public-verification";
import { VerificationParams } from "@/lib/verifications/verification-params";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = withApp(
  {
    operationId: "getBadgedDocument",
    summary: "The document's first page with the verdict badge",
    tag: "dashboard",
    access: "public",
    params: VerificationParams,
    responses: { 200: { description: "PNG image.", contentType: "image/png" } },
    errors: ["not_found", "unprocessable_document"],
  },
  async ({ db, params }) => {
    const verification = await getPublicVerificationOrThrow(db, params.verification_id);
    return binaryResponse(await badgedDocumentFor(db, verification), "image/png", {
      "cache-control": "public, max-age=300",
    });
  },
);
