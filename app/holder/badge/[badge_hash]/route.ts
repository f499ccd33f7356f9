import { withApp } from "@/lib/api/app-api";
import { badgePayload } from "@/lib/holder/badges/badge-payload";
import { BadgeParams, badgeSchema } from "@/lib/holder/badges/badge-schema";
import { getPublicBadgeOrThrow } from "@/lib/holder/badges/find-public-badge";
import { json } from "@/lib/http/response";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = withApp(
  {
    operationId: "getBadge",
    summary: "A public badge: the signed Open Badges 3.0 credential",
    description:
      "Answers only while the credential and its profile are both public (otherwise 404, as for a hash nobody has). " +
      "credential_jwt verifies with the keys of /.well-known/jwks.json.",
    tag: "holder",
    access: "public",
    params: BadgeParams,
    responses: { 200: { description: "The badge.", schema: badgeSchema } },
    errors: ["not_found"],
  },
  async ({ db, params }) =>
    json(await badgePayload(db, await getPublicBadgeOrThrow(db, params.badge_hash)), {
      headers: { "cache-control": "no-store" },
    }),
);
