import { loadEnv } from "@/lib/env";
import { newId } from "@/lib/ids";
import { json } from "@/lib/http/response";
import { buildOpenApiDocument } from "@/lib/openapi/build-document";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export function GET(): Response {
  return json(buildOpenApiDocument(loadEnv().APP_URL), {
    headers: { "cache-control": "public, max-age=300", "X-Request-ID": newId("request") },
  });
}
