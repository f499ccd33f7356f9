// The route template of a request ("/v1/webhooks/{id}/ping") from its path and the parameters
// Next.js matched, for usage records that group requests by endpoint.
export function routeTemplate(pathname: string, params: unknown): string {
  const names = new Map<string, string>();
  for (const [name, value] of Object.entries((params ?? {}) as Record<string, unknown>)) {
    if (typeof value === "string" && value !== "") names.set(value, name);
  }
  if (names.size === 0) return pathname;
  return pathname
    .split("/")
    .map((segment) => {
      let decoded = segment;
      try {
        decoded = decodeURIComponent(segment);
      } catch {
        // left as sent
      }
      const name = names.get(decoded);
      return name === undefined ? segment : `{${name}}`;
    })
    .join("/");
}
