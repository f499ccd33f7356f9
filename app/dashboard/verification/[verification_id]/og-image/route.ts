import { z } from "zod";
import { withApp } from "@/lib/api/app-api";
import { binaryResponse } from "@/lib/images/binary-response";
import { ogImageFor } from "@/lib/images/verification-images";
import { getPublicVerificationOrThrow } from "@/lib/verifications/public-verification";
import { VerificationParams } from "@/lib/verifications/verification-params";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// Not strict: link-preview crawlers append their own parameters (fbclid, utm_*), which must not fail.
const OgQuery = z.object({
  v: z.string().min(1).max(64).default("4").meta({ description: "Change it to bypass the cache." }),
});

export const GET = withApp(
  {
    operationId: "getOgImage",
    summary: "The social-sharing image",
    description: "Generated images are cached; a new `v` regenerates.",
    tag: "dashboard",
    access: "public",
    params: VerificationParams,
    query: OgQuery,
    responses: { 200: { description: "PNG image, 1200×630.", contentType: "image/png" } },
    errors: ["not_found"],
  },
  async ({ db, params, query }) => {
    const verification = await getPublicVerificationOrThrow(db, params.verification_id);
    return binaryResponse(await ogImageFor(verification, query.v), "image/png", {
      "cache-control": "public, max-age=86400",
    });
  },
);
