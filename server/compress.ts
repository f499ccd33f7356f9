// gzip for the front's larger text answers (lists of verifications, webhooks, events), as Next.js
// compresses what it serves; small JSON answers are sent as they are.
const TEXTUAL = /^(application\/(json|problem\+json|yaml)|text\/)/;
const MIN_BYTES = 1024;

export function compressed(request: Request, response: Response): Response {
  const type = response.headers.get("content-type") ?? "";
  const length = Number(response.headers.get("content-length") ?? "NaN");
  if (
    !response.body ||
    response.headers.has("content-encoding") ||
    !TEXTUAL.test(type) ||
    (Number.isFinite(length) && length < MIN_BYTES) ||
    !/\bgzip\b/.test(request.headers.get("accept-encoding") ?? "")
  ) {
    return response;
  }
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  headers.set("content-encoding", "gzip");
  headers.append("vary", "Accept-Encoding");
  return new Response(response.body.pipeThrough(new CompressionStream("gzip")), {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}
