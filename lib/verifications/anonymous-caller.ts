// How a signed-out browser is recognised, so its verifications can be claimed after sign-in
// (/dashboard/claim-anonymous): a random cookie set by /verify, a fingerprint of the request's
// stable headers, and the IP address.
import { createHash, randomBytes } from "node:crypto";
import { clientIp } from "../auth/client-ip";
import { loadEnv } from "../env";

export const ANONYMOUS_COOKIE = "credence_anon";
const COOKIE_VALUE = /^[A-Za-z0-9_-]{20,64}$/;

export interface AnonymousCaller {
  cookie: string;
  /** True when the cookie is new and must be set on the response. */
  newCookie: boolean;
  fingerprint: string;
  ip: string;
}

export function readCookie(req: Request, name: string): string | null {
  for (const part of (req.headers.get("cookie") ?? "").split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return rest.join("=");
  }
  return null;
}

export function requestFingerprint(req: Request): string {
  const parts = [clientIp(req), req.headers.get("user-agent") ?? "", req.headers.get("accept-language") ?? ""];
  return createHash("sha256").update(parts.join("\n")).digest("hex").slice(0, 32);
}

export function anonymousCaller(req: Request): AnonymousCaller {
  const existing = readCookie(req, ANONYMOUS_COOKIE);
  const valid = existing !== null && COOKIE_VALUE.test(existing);
  return {
    cookie: valid ? existing : randomBytes(18).toString("base64url"),
    newCookie: !valid,
    fingerprint: requestFingerprint(req),
    ip: clientIp(req),
  };
}

export function anonymousCookieHeader(value: string): string {
  const secure = loadEnv().APP_URL.startsWith("https:") ? "; Secure" : "";
  return `${ANONYMOUS_COOKIE}=${value}; Path=/; Max-Age=${365 * 86_400}; HttpOnly; SameSite=Lax${secure}`;
}
