import { withApp } from "@/lib/api/app-api";
import { clientIp } from "@/lib/auth/client-ip";
import { binaryResponse } from "@/lib/images/binary-response";
import { pageJpeg } from "@/lib/images/page-images";
import { takeDownloadToken } from "@/lib/ratelimit/public-downloads";
import { getPublicVerificationOrThrow } from "@/lib/verifications/public-verification";
import { PageParams } from "@/lib/verifications/verification-params";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = withApp(
  {
    operationId: "getPageImage",
    summary: "One page of the original as JPEG",
    tag: "dashboard",
    access: "public",
    params: PageParams,
    responses: { 200: { description: "JPEG image of the page.", contentType: "image/jpeg" } },
    errors: ["not_found", "rate_limited", "unprocessable_document"],
  },
  async ({ req, db, params }) => {
    await takeDownloadToken(db, "image", clientIp(req));
    const verification = await getPublicVerificationOrThrow(db, params.verification_id);
    return binaryResponse(await pageJpeg(db, verification, params.page), "image/jpeg", {
      "cache-control": "private, max-age=300",
    });
  },
);
