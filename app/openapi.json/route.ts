import { APP_ROUTE_MODULES } from "@/app/route-index";
import { loadEnv } from "@/lib/env";
import { json } from "@/lib/http/response";
import { newId } from "@/lib/ids";
import { buildAppDocument } from "@/lib/openapi/build-app-document";
import { routeTable } from "@/lib/openapi/route-table";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// A plain handler: the document of the application routes, generated from their contracts.
export function GET(): Response {
  return json(buildAppDocument(loadEnv().APP_URL, routeTable(APP_ROUTE_MODULES)), {
    headers: { "cache-control": "public, max-age=300", "X-Request-ID": newId("request") },
  });
}
