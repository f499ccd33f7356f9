// Routes served by libraries rather than our wrappers: next-auth's endpoints and the Inngest
// serve handler. Their access rule is the library's; these checks pin what matters to us.
import { randomBytes } from "node:crypto";
import { expect } from "vitest";
import { resetEnvCache } from "../../../lib/env";
import { makeSession, makeUser } from "../harness";
import { send } from "./send";
import type { RouteHandler } from "./served-routes";

const SESSION_COOKIE = /(^|[\s,])(__Secure-)?authjs\.session-token=/;

/** GET /api/auth/session: no cookie, no session, whatever bearer JWT is sent (cookies only). */
async function nextAuthGet(handler: RouteHandler): Promise<void> {
  const fixture = { path: "/api/auth/session", params: { nextauth: ["session"] } };
  const anonymous = await send(handler, "GET", fixture);
  expect(anonymous.status).toBe(200);
  expect(anonymous.json ?? null).toBeNull();
  const someone = await makeSession();
  const withJwt = await send(handler, "GET", fixture, someone.auth);
  expect(withJwt.json ?? null).toBeNull();
  expect(withJwt.text).not.toContain(someone.user.email);
}

/** A credentials sign-in without next-auth's CSRF token is refused and sets no session cookie. */
async function nextAuthPost(handler: RouteHandler): Promise<void> {
  const password = "a-long-password-1";
  const user = await makeUser({ password });
  const answer = await send(handler, "POST", {
    path: "/api/auth/callback/password",
    params: { nextauth: ["callback", "password"] },
    body: new URLSearchParams({ email: user.email, password }).toString(),
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
  expect(answer.status).not.toBe(200);
  expect(answer.headers.get("set-cookie") ?? "").not.toMatch(SESSION_COOKIE);
  expect(answer.headers.get("location") ?? "").toMatch(/error=/);
}

/** Never runs a function for an unsigned request: refused while Inngest is not selected, 401 when it is. */
function inngest(method: "GET" | "POST" | "PUT") {
  return async (handler: RouteHandler): Promise<void> => {
    const fixture = {
      path: "/api/inngest?fnId=credence-deliver-webhook&stepId=step",
      body: method === "GET" ? undefined : { event: {}, events: [], steps: {}, ctx: {} },
    };
    const unconfigured = await send(handler, method, fixture);
    expect(unconfigured.status, unconfigured.text).toBeGreaterThanOrEqual(400);
    // PUT registers with the configured Inngest server (the SDK's design): not exercised offline.
    if (method === "PUT") return;
    process.env.JOB_ENGINE = "inngest";
    process.env.INNGEST_SIGNING_KEY = `signkey-test-${randomBytes(32).toString("hex")}`;
    resetEnvCache();
    try {
      const unsigned = await send(handler, method, fixture);
      expect(unsigned.status, unsigned.text).toBe(401);
    } finally {
      delete process.env.JOB_ENGINE;
      delete process.env.INNGEST_SIGNING_KEY;
      resetEnvCache();
    }
  };
}

export const probeCustomRoute = { nextAuthGet, nextAuthPost, inngest };
