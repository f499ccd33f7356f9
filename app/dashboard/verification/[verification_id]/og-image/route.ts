import { z } from "zod";
import { withApp } from "@/lib/api/app-api";
import { parseParams, parseQuery } from "@/lib/http/request";
import { binaryResponse } from "@/lib/images/binary-response";
import { ogImageFor } from "@/lib/images/verification-images";
import { getPublicVerificationOrThrow } from "@/lib/verifications/public-verification";
import { VerificationParams, type VerificationRouteParams } from "@/lib/verifications/verification-params";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// Not strict: link-preview crawlers append their own parameters (fbclid, utm_*), which must not fail.
const OgQuery = z.object({ v: z.string().min(1).max(64).default("4") });

export const GET = withApp<"public", VerificationRouteParams>({ access: "public" }, async ({ req, db, params }) => {
  const { verification_id } = parseParams(params, VerificationParams);
  const { v } = parseQuery(req, OgQuery);
  const verification = await getPublicVerificationOrThrow(db, verification_id);
  return binaryResponse(await ogImageFor(verification, v), "image/png", { "cache-control": "public, max-age=86400" });
});
