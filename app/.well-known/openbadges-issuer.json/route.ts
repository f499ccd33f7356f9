import { withApp } from "@/lib/api/app-api";
import { issuerProfileSchema } from "@/lib/holder/badges/badge-schema";
import { issuerProfileDocument } from "@/lib/holder/badges/issuer-profile";
import { json } from "@/lib/http/response";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = withApp(
  {
    operationId: "getIssuerProfile",
    summary: "The instance as an Open Badges 3.0 issuer",
    description: "The Profile every badge's issuer.id names, with jwks_uri: where its verification keys are.",
    tag: "holder",
    access: "public",
    responses: { 200: { description: "The issuer profile.", schema: issuerProfileSchema } },
  },
  async () => json(issuerProfileDocument(), { headers: { "cache-control": "public, max-age=3600" } }),
);
