import { withApp } from "@/lib/api/app-api";
import { binaryResponse } from "@/lib/images/binary-response";
import { BadgeParams } from "@/lib/holder/badges/badge-schema";
import { badgeImageFile } from "@/lib/holder/badges/badge-image-file";
import { getPublicBadgeOrThrow } from "@/lib/holder/badges/find-public-badge";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// Browsers and proxies keep it briefly and revalidate with the ETag: a badge taken private must
// stop showing soon, and a rename changes the ETag.
const CACHE_CONTROL = "public, max-age=300, must-revalidate";

export const GET = withApp(
  {
    operationId: "getBadgeImage",
    summary: "A public badge as a PNG",
    description: "Verdict, holder, label, issuer and a QR code of the badge page; same visibility rule as the badge.",
    tag: "holder",
    access: "public",
    params: BadgeParams,
    responses: {
      200: { description: "The badge image.", contentType: "image/png" },
      304: { description: "The image the caller holds (If-None-Match) is current." },
    },
    errors: ["not_found"],
  },
  async ({ db, params, req }) => {
    const { png, etag } = await badgeImageFile(db, await getPublicBadgeOrThrow(db, params.badge_hash));
    if (req.headers.get("if-none-match") === etag)
      return new Response(null, { status: 304, headers: { etag, "cache-control": CACHE_CONTROL } });
    return binaryResponse(png, "image/png", { etag, "cache-control": CACHE_CONTROL });
  },
);
