// Who is calling an application route: an application JWT as a bearer token (API clients, the
// token from /auth/login), or the next-auth session cookie (the browser). A bearer header that is
// present but invalid is not silently replaced by the cookie.
import type { DbClient, User } from "../db";
import { findSignedInUser } from "./find-signed-in-user";
import { verifyAppJwt } from "./jwt";
import { sessionUserId } from "./session-cookie";

export async function resolveAppUser(db: DbClient, req: Request): Promise<User | null> {
  const authorization = req.headers.get("authorization");
  let userId: string | null;
  if (authorization) {
    const match = /^Bearer\s+(\S+)$/i.exec(authorization);
    userId = match ? await verifyAppJwt(match[1]) : null;
  } else {
    userId = await sessionUserId(req);
  }
  return userId ? findSignedInUser(db, userId) : null;
}
