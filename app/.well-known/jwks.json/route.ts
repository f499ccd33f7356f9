import { withApp } from "@/lib/api/app-api";
import { jwksSchema } from "@/lib/holder/badges/badge-schema";
import { publicJwks } from "@/lib/holder/badges/signing-keys/public-jwks";
import { json } from "@/lib/http/response";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = withApp(
  {
    operationId: "getJwks",
    summary: "The public keys that verify badges",
    description:
      "Every Ed25519 key the instance signed badges with, retired ones included (RFC 7517 JWK Set; kid = RFC 7638 thumbprint).",
    tag: "holder",
    access: "public",
    responses: { 200: { description: "The key set.", schema: jwksSchema } },
  },
  async ({ db }) =>
    // A few minutes: a rotated-in key is published before it signs anything others fetch.
    json(await publicJwks(db), { headers: { "cache-control": "public, max-age=300" } }),
);
