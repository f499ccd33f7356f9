import { newId } from "@/lib/ids";
import { referenceHtml } from "@/lib/openapi/reference-html";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export async function GET(): Promise<Response> {
  return new Response(await referenceHtml(), {
    headers: {
      "content-type": "text/html; charset=utf-8",
      "cache-control": "public, max-age=300",
      "X-Request-ID": newId("request"),
    },
  });
}
