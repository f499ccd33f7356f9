// The browser's next-auth session: an encrypted JWT (JWE) in the session cookie, salted with the
// cookie's name. Its `sub` is our user id (auth.ts puts it there).
import { getToken } from "next-auth/jwt";
import { authSecret } from "./secrets";

export const SESSION_COOKIE = "authjs.session-token";
export const SECURE_SESSION_COOKIE = `__Secure-${SESSION_COOKIE}`;

/** The user id of a valid session cookie in this request, or null. */
export async function sessionUserId(req: Request): Promise<string | null> {
  const cookie = req.headers.get("cookie");
  if (!cookie || !cookie.includes(SESSION_COOKIE)) return null;
  const secure = cookie.includes(SECURE_SESSION_COOKIE);
  // Only the cookie is passed on: getToken would otherwise also read our bearer JWT as a session.
  const token = await getToken({
    req: { headers: { cookie } },
    secret: authSecret(),
    secureCookie: secure,
    salt: secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE,
    logger: { error: () => undefined, warn: () => undefined, debug: () => undefined } as unknown as Console,
  });
  return typeof token?.sub === "string" ? token.sub : null;
}
