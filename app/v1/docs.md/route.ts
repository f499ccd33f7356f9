import { newId } from "@/lib/ids";
import { referenceMarkdown } from "@/lib/openapi/reference-markdown";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export async function GET(): Promise<Response> {
  return new Response(await referenceMarkdown(), {
    headers: { "content-type": "text/markdown; charset=utf-8", "cache-control": "public, max-age=300", "X-Request-ID": newId("request") },
  });
}
