import { APP_ROUTE_MODULES } from "@/app/route-index";
import { loadEnv } from "@/lib/env";
import { newId } from "@/lib/ids";
import { appReferenceMarkdown, type AppDocument } from "@/lib/openapi/app-reference-markdown";
import { buildAppDocument } from "@/lib/openapi/build-app-document";
import { renderReferenceHtml } from "@/lib/openapi/reference-html";
import { routeTable } from "@/lib/openapi/route-table";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// The application routes' OpenAPI document rendered on the server: no script, no font, no CDN.
export async function GET(): Promise<Response> {
  const document = buildAppDocument(loadEnv().APP_URL, routeTable(APP_ROUTE_MODULES));
  const html = await renderReferenceHtml(appReferenceMarkdown(document as unknown as AppDocument), {
    title: "Credence application API",
    alternatives:
      'Also as <a href="/openapi.json">OpenAPI 3.1</a>. The public API (/v1): <a href="/v1/docs/reference">reference</a>.',
  });
  return new Response(html, {
    headers: {
      "content-type": "text/html; charset=utf-8",
      "cache-control": "public, max-age=300",
      "X-Request-ID": newId("request"),
    },
  });
}
