// The application JWT (issued by /auth/login and /auth/verify-magic-link), a bearer token for every
// application route. HS256 with the auth secret; the subject is the user id.
import { jwtVerify, SignJWT } from "jose";
import { authSecret } from "./secrets";

export const APP_JWT_TTL_SECONDS = 7 * 24 * 3600;
const ISSUER = "credence";
const AUDIENCE = "credence-app";

function key(): Uint8Array {
  return new TextEncoder().encode(authSecret());
}

export async function signAppJwt(user: { id: string; email: string; role: string }): Promise<string> {
  return new SignJWT({ email: user.email, role: user.role })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(user.id)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${APP_JWT_TTL_SECONDS}s`)
    .sign(key());
}

/** The user id of a valid token, or null for anything invalid or expired. */
export async function verifyAppJwt(token: string): Promise<string | null> {
  try {
    const { payload } = await jwtVerify(token, key(), { issuer: ISSUER, audience: AUDIENCE, algorithms: ["HS256"] });
    return typeof payload.sub === "string" ? payload.sub : null;
  } catch {
    return null;
  }
}
