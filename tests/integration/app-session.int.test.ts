// The browser path: next-auth's own handlers sign in (password and magic link) and set the
// session cookie; every application route then accepts that cookie.
import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { GET as authGet, POST as authPost } from "../../app/api/auth/[...nextauth]/route";
import { POST as acceptTos } from "../../app/dashboard/accept-tos/route";
import { GET as tosStatus } from "../../app/dashboard/tos-status/route";
import { signAppJwt } from "../../lib/auth/jwt";
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

/** The whole Set-Cookie line of the session a password sign-in at `base` sets. */
async function sessionCookieOver(base: string, name: string): Promise<string | undefined> {
  const user = await makeUser({ password: "correct horse" });
  const csrfRes = await authGet(new NextRequest(`${base}/api/auth/csrf`));
  const { csrfToken } = (await csrfRes.json()) as { csrfToken: string };
  const res = await authPost(
    new NextRequest(`${base}/api/auth/callback/password`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: cookiesOf(csrfRes).join("; ") },
      body: new URLSearchParams({ email: user.email, password: "correct horse", csrfToken }).toString(),
    }),
  );
  return res.headers.getSetCookie().find((c) => c.startsWith(name));
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

  it("keeps the session cookie away from scripts and cross-site requests", async () => {
    const session = await sessionCookieOver(BASE, "authjs.session-token=");
    expect(session).toMatch(/; HttpOnly/i);
    expect(session).toMatch(/; SameSite=Lax/i);
  });

  it("over HTTPS, sends the session cookie only over HTTPS (__Secure-, Secure), and it still authenticates", async () => {
    const session = await sessionCookieOver("https://credence.example", "__Secure-authjs.session-token=");
    expect(session).toMatch(/; Secure/i);
    expect(session).toMatch(/; HttpOnly/i);
    expect(session).toMatch(/; SameSite=Lax/i);
    const status = await call(tosStatus, {
      path: "/dashboard/tos-status",
      headers: { cookie: session!.split(";")[0] },
    });
    expect(status.status).toBe(200);
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

describe("a change made on the session cookie", () => {
  const accept = (headers: Record<string, string>) =>
    call(acceptTos, { method: "POST", path: "/dashboard/accept-tos", headers, body: { accepted: true } });

  it("is refused when a page of another site makes the browser send it", async () => {
    const user = await makeUser({ password: "correct horse" });
    const cookie = (await signInWith("password", { email: user.email, password: "correct horse" }))!;
    for (const headers of <Record<string, string>[]>[
      { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
      { origin: "https://evil.example" },
      { "sec-fetch-site": "cross-site" },
      { "sec-fetch-site": "same-site", origin: "https://app.localhost:3000" },
      { origin: "null" },
    ]) {
      const res = await accept({ cookie, ...headers });
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect(res.json.detail).toMatch(/another site/);
    }
    await expect((await getDb()).user.findUniqueOrThrow({ where: { id: user.id } })).resolves.toMatchObject({
      tosAcceptedAt: null,
    });
  });

  it("is accepted from our own pages, and a bearer token is not concerned", async () => {
    const user = await makeUser({ password: "correct horse" });
    const cookie = (await signInWith("password", { email: user.email, password: "correct horse" }))!;
    const own = await accept({ cookie, origin: "http://localhost:3000", "sec-fetch-site": "same-origin" });
    expect(own.status).toBe(200);
    const bearer = await accept({
      authorization: `Bearer ${await signAppJwt(await makeUser())}`,
      origin: "https://evil.example",
      "sec-fetch-site": "cross-site",
    });
    expect(bearer.status).toBe(200);
    const read = await call(tosStatus, {
      path: "/dashboard/tos-status",
      headers: { cookie, origin: "https://evil.example", "sec-fetch-site": "cross-site" },
    });
    expect(read.status).toBe(200);
  });
});
