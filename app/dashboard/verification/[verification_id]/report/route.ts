import { withApp } from "@/lib/api/app-api";
import { clientIp } from "@/lib/auth/client-ip";
import { binaryResponse, disposition } from "@/lib/images/binary-response";
import { takeDownloadToken } from "@/lib/ratelimit/public-downloads";
import { reportFileName } from "@/lib/reports/render-report";
import { verificationReportPdf } from "@/lib/reports/verification-report";
import { getPublicVerificationOrThrow } from "@/lib/verifications/public-verification";
import { VerificationParams } from "@/lib/verifications/verification-params";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = withApp(
  {
    operationId: "getVerificationReport",
    summary: "The forensic report as PDF",
    description: "Findings and their regions drawn on the page images.",
    tag: "dashboard",
    access: "public",
    params: VerificationParams,
    responses: { 200: { description: "PDF attachment.", contentType: "application/pdf" } },
    errors: ["not_found", "rate_limited"],
  },
  async ({ req, db, params }) => {
    await takeDownloadToken(db, "report", clientIp(req));
    const verification = await getPublicVerificationOrThrow(db, params.verification_id);
    const { input, pdf } = await verificationReportPdf(db, verification);
    return binaryResponse(pdf, "application/pdf", {
      "content-disposition": disposition("attachment", reportFileName(input)),
      "cache-control": "no-store",
    });
  },
);
