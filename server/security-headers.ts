// Headers every answer of the production server carries, pages and API alike: no MIME sniffing, no
// framing by another site (a framed button can be clicked by deceit), no plugin content, no
// <base> redirection of relative URLs, referrers without paths across sites, and HSTS when the
// service is published over HTTPS (APP_URL), so a browser never again tries it in clear.
// script-src is not restricted here: Next.js inlines its hydration scripts, which only a per-request
// nonce could allow; frame-ancestors and object-src hold without one.
import type { ServerResponse } from "node:http";

const TWO_YEARS = 63_072_000;

export function securityHeaders(appUrl: string): Array<[string, string]> {
  return [
    ["X-Content-Type-Options", "nosniff"],
    ["X-Frame-Options", "DENY"],
    ["Content-Security-Policy", "frame-ancestors 'none'; base-uri 'self'; object-src 'none'"],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    ...(new URL(appUrl).protocol === "https:"
      ? [["Strict-Transport-Security", `max-age=${TWO_YEARS}; includeSubDomains`] as [string, string]]
      : []),
  ];
}

/** Set before the handler writes: a route that sets its own value of one of them keeps its own. */
export function setSecurityHeaders(res: ServerResponse, headers: Array<[string, string]>) {
  for (const [name, value] of headers) res.setHeader(name, value);
}
