// The callers of one row, fresh for each row so no test sees another's data.
import { encode } from "next-auth/jwt";
import { signAppJwt } from "../../../lib/auth/jwt";
import { authSecret } from "../../../lib/auth/secrets";
import { SESSION_COOKIE } from "../../../lib/auth/session-cookie";
import { getDb } from "../../../lib/db";
import { ALL_SCOPES, type Scope } from "../../../lib/tokens/scopes";
import { makeSession, makeToken, makeUser } from "../harness";
import type { AppActor, TokenActor } from "./types";

export async function appActors() {
  const [owner, other, admin, superAdmin] = await Promise.all([
    makeSession({ plan: "pro" }),
    makeSession({ plan: "pro" }),
    makeSession({ plan: "pro", role: "admin" }),
    makeSession({ plan: "pro", role: "super_admin" }),
  ]);
  const apiToken = await makeToken({ userId: owner.user.id });
  return {
    owner: owner as AppActor,
    other: other as AppActor,
    /** The other user as a browser: the next-auth session cookie instead of a bearer JWT. */
    otherBrowser: { cookie: await sessionCookie(other.user.id) },
    admin: admin as AppActor,
    superAdmin: superAdmin as AppActor,
    ownerApiToken: apiToken.auth,
  };
}

async function sessionCookie(userId: string): Promise<string> {
  const value = await encode({ token: { sub: userId }, secret: authSecret(), salt: SESSION_COOKIE });
  return `${SESSION_COOKIE}=${value}`;
}

async function tokenActor(
  options: { plan?: "free" | "pro" | "business"; role?: "admin" | "super_admin" } = {},
): Promise<TokenActor> {
  const user = await makeUser({ plan: options.plan ?? "business", role: options.role });
  const { auth } = await makeToken({ userId: user.id });
  return { userId: user.id, email: user.email, auth };
}

export async function tokenActors(scope: Scope) {
  const owner = await tokenActor();
  const [other, admin, superAdmin, free, pro, lacking, live] = await Promise.all([
    tokenActor(),
    tokenActor({ role: "admin" }),
    tokenActor({ role: "super_admin" }),
    tokenActor({ plan: "free" }),
    tokenActor({ plan: "pro" }),
    makeToken({ userId: owner.userId, scopes: ALL_SCOPES.filter((s) => s !== scope) }),
    makeToken({ userId: owner.userId, mode: "live" }),
  ]);
  const db = await getDb();
  const jwt = await signAppJwt(await db.user.findUniqueOrThrow({ where: { id: owner.userId } }));
  return {
    owner,
    other,
    admin,
    superAdmin,
    free,
    pro,
    lackingScope: lacking.auth,
    liveMode: live.auth,
    appJwt: { authorization: `Bearer ${jwt}` },
  };
}
