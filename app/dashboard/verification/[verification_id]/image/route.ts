import { withApp } from "@/lib/api/app-api";
import { clientIp } from "@/lib/auth/client-ip";
import { binaryResponse, disposition } from "@/lib/images/binary-response";
import { originalBytes } from "@/lib/images/page-images";
import { takeDownloadToken } from "@/lib/ratelimit/public-downloads";
import { getPublicVerificationOrThrow } from "@/lib/verifications/public-verification";
import { VerificationParams } from "@/lib/verifications/verification-params";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = withApp(
  {
    operationId: "getOriginalDocument",
    summary: "The original document",
    tag: "dashboard",
    access: "public",
    params: VerificationParams,
    responses: {
      200: { description: "The file as uploaded, with its own content type.", contentType: "*/*" },
    },
    errors: ["not_found", "rate_limited"],
  },
  async ({ req, db, params }) => {
    await takeDownloadToken(db, "image", clientIp(req));
    const verification = await getPublicVerificationOrThrow(db, params.verification_id);
    const bytes = await originalBytes(db, verification);
    return binaryResponse(bytes, verification.contentType, {
      "content-disposition": disposition("inline", verification.fileName ?? `${verification.id}`),
      "cache-control": "private, max-age=300",
      // The original is shown, never run: no scripts even if a viewer would execute embedded ones.
      "content-security-policy": "sandbox; default-src 'none'",
    });
  },
);
