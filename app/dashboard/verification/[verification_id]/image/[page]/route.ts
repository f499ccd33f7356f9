import { clientIp } from "@/lib/auth/client-ip";
import { withApp } from "@/lib/api/app-api";
import { parseParams } from "@/lib/http/request";
import { binaryResponse } from "@/lib/images/binary-response";
import { pageJpeg } from "@/lib/images/page-images";
import { takeDownloadToken } from "@/lib/ratelimit/public-downloads";
import { getPublicVerificationOrThrow } from "@/lib/verifications/public-verification";
import { PageParams, type PageRouteParams } from "@/lib/verifications/verification-params";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = withApp<"public", PageRouteParams>({ access: "public" }, async ({ req, db, params }) => {
  const { verification_id, page } = parseParams(params, PageParams);
  await takeDownloadToken(db, "image", clientIp(req));
  const verification = await getPublicVerificationOrThrow(db, verification_id);
  return binaryResponse(await pageJpeg(db, verification, page), "image/jpeg", {
    "cache-control": "private, max-age=300",
  });
});
