import { clientIp } from "@/lib/auth/client-ip";
import { withApp } from "@/lib/api/app-api";
import { parseParams } from "@/lib/http/request";
import { binaryResponse, disposition } from "@/lib/images/binary-response";
import { takeDownloadToken } from "@/lib/ratelimit/public-downloads";
import { reportFileName } from "@/lib/reports/render-report";
import { verificationReportPdf } from "@/lib/reports/verification-report";
import { getPublicVerificationOrThrow } from "@/lib/verifications/public-verification";
import { VerificationParams, type VerificationRouteParams } from "@/lib/verifications/verification-params";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = withApp<"public", VerificationRouteParams>({ access: "public" }, async ({ req, db, params }) => {
  const { verification_id } = parseParams(params, VerificationParams);
  await takeDownloadToken(db, "report", clientIp(req));
  const verification = await getPublicVerificationOrThrow(db, verification_id);
  const { input, pdf } = await verificationReportPdf(db, verification);
  return binaryResponse(pdf, "application/pdf", {
    "content-disposition": disposition("attachment", reportFileName(input)),
    "cache-control": "no-store",
  });
});
