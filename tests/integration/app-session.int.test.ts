// The browser path: next-auth's own handlers sign in (password and magic link) and set the
// session cookie; every application route then accepts that cookie.
import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { GET as authGet, POST as authPost } from "../../app/api/auth/[...nextauth]/route";
import { GET as tosStatus } from "../../app/dashboard/tos-status/route";
import { createMagicLink } from "../../lib/auth/magic-link";
import { getDb } from "../../lib/db";
import { call, makeUser } from "../helpers/harness";

const BASE = "http://localhost:3000";

function cookiesOf(res: Response): string[] {
  return res.headers.getSetCookie().map((c) => c.split(";")[0]);
}

async function signInWith(provider: string, fields: Record<string, string>): Promise<string | null> {
  const csrfRes = await authGet(new NextRequest(`${BASE}/api/auth/csrf`));
  const { csrfToken } = (await csrfRes.json()) as { csrfToken: string };
  const jar = cookiesOf(csrfRes);
  const res = await authPost(
    new NextRequest(`${BASE}/api/auth/callback/${provider}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: jar.join("; ") },
      body: new URLSearchParams({ ...fields, csrfToken, callbackUrl: `${BASE}/dashboard` }).toString(),
    }),
  );
  return cookiesOf(res).find((c) => c.startsWith("authjs.session-token=")) ?? null;
}

describe("next-auth session", () => {
  it("signs in with e-mail and password; the session cookie authenticates application routes", async () => {
    const user = await makeUser({ password: "correct horse" });
    const session = await signInWith("password", { email: user.email, password: "correct horse" });
    expect(session).not.toBeNull();
    const res = await call(tosStatus, { path: "/dashboard/tos-status", headers: { cookie: session! } });
    expect(res.status).toBe(200);
    expect(res.json.accepted).toBe(false);
  });

  it("sets no session for a wrong password", async () => {
    const user = await makeUser({ password: "correct horse" });
    expect(await signInWith("password", { email: user.email, password: "wrong horse" })).toBeNull();
  });

  it("signs in with a magic link exactly once", async () => {
    const user = await makeUser();
    const { secret } = await createMagicLink(await getDb(), { email: user.email, callbackUrl: null, ip: null });
    expect(await signInWith("magic-link", { token: secret })).not.toBeNull();
    expect(await signInWith("magic-link", { token: secret })).toBeNull();
  });

  it("does not accept a forged cookie", async () => {
    const res = await call(tosStatus, {
      path: "/dashboard/tos-status",
      headers: { cookie: "authjs.session-token=eyJhbGciOiJkaXIifQ.x.y.z.w" },
    });
    expect(res.status).toBe(401);
  });
});
