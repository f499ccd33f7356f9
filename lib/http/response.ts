export function json(data: unknown, init: ResponseInit = {}): Response {
  const body = JSON.stringify(data);
  const headers = new Headers(init.headers);
  headers.set("content-type", "application/json; charset=utf-8");
  // Known up front, so servers need not buffer to learn it (and small answers skip compression).
  headers.set("content-length", String(Buffer.byteLength(body)));
  return new Response(body, { ...init, headers });
}

/** RFC 3339 UTC without fractional seconds, as the spec requires. */
export function timestamp(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, "Z");
}
