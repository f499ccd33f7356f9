import { V1_ROUTE_MODULES } from "@/app/v1/route-index";
import { loadEnv } from "@/lib/env";
import { newId } from "@/lib/ids";
import { json } from "@/lib/http/response";
import { buildOpenApiDocument } from "@/lib/openapi/build-v1-document";
import { routeTable } from "@/lib/openapi/route-table";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export function GET(): Response {
  return json(buildOpenApiDocument(loadEnv().APP_URL, routeTable(V1_ROUTE_MODULES)), {
    headers: { "cache-control": "public, max-age=300", "X-Request-ID": newId("request") },
  });
}
