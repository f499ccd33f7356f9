import { withApp } from "@/lib/api/app-api";
import { binaryResponse, disposition } from "@/lib/images/binary-response";
import { badgeCertificatePdf } from "@/lib/holder/badges/badge-certificate-file";
import { BadgeParams } from "@/lib/holder/badges/badge-schema";
import { getPublicBadgeOrThrow } from "@/lib/holder/badges/find-public-badge";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = withApp(
  {
    operationId: "getBadgeCertificate",
    summary: "A public badge as a PDF certificate",
    description: "The badge's facts and the QR code of its page, printable; same visibility rule as the badge.",
    tag: "holder",
    access: "public",
    params: BadgeParams,
    responses: { 200: { description: "The certificate.", contentType: "application/pdf" } },
    errors: ["not_found"],
  },
  async ({ db, params }) => {
    const found = await getPublicBadgeOrThrow(db, params.badge_hash);
    return binaryResponse(await badgeCertificatePdf(found), "application/pdf", {
      "content-disposition": disposition("inline", `credence-certificate-${found.badge.hash}.pdf`),
      "cache-control": "public, max-age=300, must-revalidate",
    });
  },
);
