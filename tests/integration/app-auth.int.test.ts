import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as login } from "../../app/auth/login/route";
import { POST as register } from "../../app/auth/register/route";
import { POST as sendMagicLink } from "../../app/auth/send-magic-link/route";
import { POST as verifyMagicLink } from "../../app/auth/verify-magic-link/route";
import { POST as syncUser } from "../../app/dashboard/sync-user/route";
import { getDb } from "../../lib/db";
import { resetEnvCache } from "../../lib/env";
import { call, makeSession, randomEmail } from "../helpers/harness";
import { magicLinkIn, startSmtpReceiver } from "../helpers/smtp";

let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  process.env.SMTP_URL = smtp.url;
  resetEnvCache();
});

afterAll(async () => {
  delete process.env.SMTP_URL;
  resetEnvCache();
  await smtp.close();
});

describe("POST /auth/register and /auth/login", () => {
  it("registers, then logs in with the same password; the JWT works as a bearer token", async () => {
    const email = randomEmail();
    const created = await call(register, {
      method: "POST",
      path: "/auth/register",
      body: { email, password: "correct horse", name: "Ada" },
    });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({
      token_type: "bearer",
      user: { email, name: "Ada", role: "user", plan: "free", tos_accepted: false },
    });

    const res = await call(login, {
      method: "POST",
      path: "/auth/login",
      body: { email: email.toUpperCase(), password: "correct horse" },
    });
    expect(res.status).toBe(200);
    expect(res.json.user.id).toBe(created.json.user.id);
    const synced = await call(syncUser, {
      method: "POST",
      path: "/dashboard/sync-user",
      headers: { authorization: `Bearer ${res.json.access_token}` },
      body: { name: "Ada L." },
    });
    expect(synced.status).toBe(200);
    expect(synced.json).toMatchObject({ id: created.json.user.id, name: "Ada L." });
  });

  it("refuses a wrong password and an unknown address alike", async () => {
    const email = randomEmail();
    await call(register, { method: "POST", path: "/auth/register", body: { email, password: "correct horse" } });
    for (const body of [
      { email, password: "wrong horse" },
      { email: randomEmail(), password: "correct horse" },
    ]) {
      const res = await call(login, { method: "POST", path: "/auth/login", body });
      expect(res.status).toBe(401);
      expect(res.json).toMatchObject({
        code: "authentication_required",
        detail: "The e-mail or the password is wrong.",
      });
    }
  });

  it("answers 409 for an existing address and 422 for bad input", async () => {
    const email = randomEmail();
    await call(register, { method: "POST", path: "/auth/register", body: { email, password: "correct horse" } });
    expect(
      (await call(register, { method: "POST", path: "/auth/register", body: { email, password: "another one" } }))
        .status,
    ).toBe(409);
    const short = await call(register, {
      method: "POST",
      path: "/auth/register",
      body: { email: randomEmail(), password: "short" },
    });
    expect(short.status).toBe(422);
    expect(short.json.detail[0].loc).toEqual(["body", "password"]);
    const unknown = await call(register, {
      method: "POST",
      path: "/auth/register",
      body: { email: randomEmail(), password: "long enough", admin: true },
    });
    expect(unknown.status).toBe(422);
  });

  it("links a referral code to its referrer", async () => {
    const { user: referrer } = await makeSession();
    const res = await call(register, {
      method: "POST",
      path: "/auth/register",
      body: { email: randomEmail(), password: "correct horse", referral_code: referrer.referralCode },
    });
    const referral = await (await getDb()).referral.findUnique({ where: { referredUserId: res.json.user.id } });
    expect(referral?.referrerId).toBe(referrer.id);
  });
});

describe("magic links", () => {
  it("sends a link by SMTP that signs in once, creating the account, and keeps the callback", async () => {
    const email = randomEmail("magic");
    const sent = await call(sendMagicLink, {
      method: "POST",
      path: "/auth/send-magic-link",
      body: { email, callback_url: "/verifications/x?tab=1" },
    });
    expect(sent.status).toBe(200);
    expect(sent.json).toEqual({ sent: true, expires_in: 900 });
    const link = magicLinkIn(await smtp.waitFor(email));
    expect(link.pathname).toBe("/magic-link");
    expect(link.searchParams.get("callback_url")).toBe("/verifications/x?tab=1");

    const token = link.searchParams.get("token")!;
    const first = await call(verifyMagicLink, { method: "POST", path: "/auth/verify-magic-link", body: { token } });
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ token_type: "bearer", callback_url: "/verifications/x?tab=1", user: { email } });
    const again = await call(verifyMagicLink, { method: "POST", path: "/auth/verify-magic-link", body: { token } });
    expect(again.status).toBe(401);
  });

  it("links the referral code to its referrer when the link creates the account, not when it signs someone in", async () => {
    const referrer = (await makeSession()).user;
    const db = await getDb();
    const signUpWith = async (email: string) => {
      await call(sendMagicLink, {
        method: "POST",
        path: "/auth/send-magic-link",
        body: { email, referral_code: referrer.referralCode },
      });
      const token = magicLinkIn(await smtp.waitFor(email)).searchParams.get("token")!;
      const res = await call(verifyMagicLink, { method: "POST", path: "/auth/verify-magic-link", body: { token } });
      expect(res.status).toBe(200);
      return res.json.user.id as string;
    };

    const newcomer = await signUpWith(randomEmail("referred"));
    expect((await db.referral.findUnique({ where: { referredUserId: newcomer } }))?.referrerId).toBe(referrer.id);

    const existing = (await makeSession()).user;
    await signUpWith(existing.email);
    expect(await db.referral.findUnique({ where: { referredUserId: existing.id } })).toBeNull();
  });

  it("refuses an expired link", async () => {
    const email = randomEmail("expired");
    await call(sendMagicLink, { method: "POST", path: "/auth/send-magic-link", body: { email } });
    const token = magicLinkIn(await smtp.waitFor(email)).searchParams.get("token")!;
    await (await getDb()).magicLink.updateMany({ where: { email }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const res = await call(verifyMagicLink, { method: "POST", path: "/auth/verify-magic-link", body: { token } });
    expect(res.status).toBe(401);
  });

  it.each([
    "https://evil.example/",
    "//evil.example",
    "/\\evil.example",
    "/%2F%2Fevil.example",
    "%2F%2Fevil.example",
    "dashboard",
  ])("rejects callback_url %s", async (callback_url) => {
    const res = await call(sendMagicLink, {
      method: "POST",
      path: "/auth/send-magic-link",
      body: { email: randomEmail(), callback_url },
    });
    expect(res.status).toBe(422);
    expect(res.json.detail[0].loc).toEqual(["body", "callback_url"]);
  });

  it("writes the message to the data directory when no SMTP server is configured", async () => {
    delete process.env.SMTP_URL;
    resetEnvCache();
    try {
      const email = randomEmail("file");
      const res = await call(sendMagicLink, { method: "POST", path: "/auth/send-magic-link", body: { email } });
      expect(res.status).toBe(200);
      const { readdir, readFile } = await import("node:fs/promises");
      const dir = `${process.env.CREDENCE_DATA_DIR}/mail`;
      const files = await Promise.all((await readdir(dir)).map((f) => readFile(`${dir}/${f}`, "utf8")));
      expect(files.some((f) => f.includes(email) && f.includes("/magic-link?token="))).toBe(true);
    } finally {
      process.env.SMTP_URL = smtp.url;
      resetEnvCache();
    }
  });
});

describe("POST /dashboard/sync-user access", () => {
  it("needs a valid JWT", async () => {
    expect((await call(syncUser, { method: "POST", path: "/dashboard/sync-user", body: {} })).status).toBe(401);
    const bad = await call(syncUser, {
      method: "POST",
      path: "/dashboard/sync-user",
      headers: { authorization: "Bearer nope" },
      body: {},
    });
    expect(bad.status).toBe(401);
  });
});

describe("magic link flood protection", () => {
  it("limits links per address", async () => {
    const email = randomEmail("flood");
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push(
        (
          await call(sendMagicLink, {
            method: "POST",
            path: "/auth/send-magic-link",
            headers: { "x-forwarded-for": `198.18.0.${i}` },
            body: { email },
          })
        ).status,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it("limits links per client IP across addresses", async () => {
    const headers = { "x-forwarded-for": "198.18.1.1" };
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      statuses.push(
        (
          await call(sendMagicLink, {
            method: "POST",
            path: "/auth/send-magic-link",
            headers,
            body: { email: randomEmail("ip") },
          })
        ).status,
      );
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(20);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe("password sign-in limits", () => {
  it("refuses an 11th attempt in a burst from one address", async () => {
    const headers = { "x-forwarded-for": "198.18.2.1" };
    const email = randomEmail("brute");
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push(
        (await call(login, { method: "POST", path: "/auth/login", headers, body: { email, password: `guess ${i}` } }))
          .status,
      );
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it("refuses an 11th attempt in a burst on one account, from any address, and only on that account", async () => {
    const email = randomEmail("spread");
    const attempt = (i: number, who = email) =>
      call(login, {
        method: "POST",
        path: "/auth/login",
        headers: { "x-forwarded-for": `198.18.3.${i}` },
        body: { email: who, password: `guess ${i}` },
      });
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await attempt(i)).status);
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    const refused = await attempt(11);
    expect(refused.status).toBe(429);
    expect(refused.text).toContain("on this account");
    // Case and spaces do not make another account.
    expect((await attempt(12, `  ${email.toUpperCase()} `)).status).toBe(429);
    expect((await attempt(13, randomEmail("other"))).status).toBe(401);
  });
});
