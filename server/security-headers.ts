// Headers every answer of the production server carries, pages and API alike: no MIME sniffing, no
// framing by another site (a framed button can be clicked by deceit), a Content-Security-Policy,
// referrers without paths across sites, and HSTS when the service is published over HTTPS
// (APP_URL), so a browser never again tries it in clear.
//
// They are added when the answer's headers are written, and only where the handler set none of its
// own: Next.js drops a route's header when the response already has one, so setting ours first
// would silently replace, say, the sandbox policy of a route serving an uploaded file.
import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { NON_PAGE_POLICY, pagePolicy } from "./content-security-policy";

const TWO_YEARS = 63_072_000;
const CSP = "Content-Security-Policy";

export function securityHeaders(appUrl: string): Array<[string, string]> {
  return [
    ["X-Content-Type-Options", "nosniff"],
    ["X-Frame-Options", "DENY"],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    ...(new URL(appUrl).protocol === "https:"
      ? [["Strict-Transport-Security", `max-age=${TWO_YEARS}; includeSubDomains`] as [string, string]]
      : []),
  ];
}

/**
 * Gives this request a script nonce and fills in the headers the handler left unset when it writes
 * them. Next.js reads the nonce from the request's own policy header and puts it on every script of
 * the page it renders (app/layout.tsx renders each page per request for that reason); an HTML answer
 * then gets the policy allowing those scripts, anything else a policy that loads nothing.
 */
export function guardResponse(req: IncomingMessage, res: ServerResponse, headers: Array<[string, string]>) {
  const nonce = randomBytes(18).toString("base64");
  req.headers["content-security-policy"] = pagePolicy(nonce);
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, ...args: Parameters<ServerResponse["writeHead"]>) {
    for (const [name, value] of headers) if (!this.hasHeader(name)) this.setHeader(name, value);
    if (!this.hasHeader(CSP)) {
      const html = String(this.getHeader("Content-Type") ?? "").startsWith("text/html");
      this.setHeader(CSP, html ? pagePolicy(nonce) : NON_PAGE_POLICY);
    }
    return writeHead.apply(this, args);
  } as ServerResponse["writeHead"];
}
