import { describe, expect, it } from "vitest";
import { GET as account } from "../../app/v1/account/route";
import { getDb } from "../../lib/db";
import { resetEnvCache } from "../../lib/env";
import { consumeToken } from "../../lib/ratelimit/consume-token";
import { callV1, makeToken } from "../helpers/harness";

describe("rate limits (token bucket per token, in PostgreSQL)", () => {
  it("puts the X-RateLimit headers on every response", async () => {
    const { auth } = await makeToken({ plan: "pro" });
    const res = await callV1(account, { path: "/v1/account", headers: auth });
    expect(res.status).toBe(200);
    expect(res.headers.get("x-ratelimit-limit")).toBe("600");
    expect(Number(res.headers.get("x-ratelimit-remaining"))).toBe(19);
    expect(Number(res.headers.get("x-ratelimit-reset"))).toBeGreaterThanOrEqual(0);
  });

  it("lets the burst (plus what refilled meanwhile) through when parallel requests drain the bucket, then answers 429", async () => {
    // A slow plan (RATE_LIMIT_SCALE 0.1: burst 2, 60 per minute) keeps the refill during the run small.
    process.env.RATE_LIMIT_SCALE = "0.1";
    resetEnvCache();
    try {
      const { auth } = await makeToken({ plan: "pro" });
      const started = Date.now();
      const responses = await Promise.all(
        Array.from({ length: 30 }, () => callV1(account, { path: "/v1/account", headers: auth })),
      );
      const elapsedSeconds = (Date.now() - started) / 1000;
      const ok = responses.filter((r) => r.status === 200).length;
      const limited = responses.filter((r) => r.status === 429);
      expect(ok).toBeGreaterThanOrEqual(2);
      expect(ok).toBeLessThanOrEqual(2 + Math.ceil(elapsedSeconds));
      expect(limited.length).toBe(30 - ok);
      expect(limited[0].json.error.code).toBe("rate_limited");
      expect(Number(limited[0].headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
      expect(limited[0].headers.get("x-ratelimit-remaining")).toBe("0");
      expect(limited[0].headers.get("x-ratelimit-limit")).toBe("60");
    } finally {
      delete process.env.RATE_LIMIT_SCALE;
      resetEnvCache();
    }
  });

  it("refills continuously from the elapsed time computed in SQL", async () => {
    const db = await getDb();
    const { token } = await makeToken({ plan: "pro" });
    const limit = { burst: 2, sustained: 60 }; // one token per second
    expect((await consumeToken(db, token.id, limit)).allowed).toBe(true);
    expect((await consumeToken(db, token.id, limit)).allowed).toBe(true);
    const refused = await consumeToken(db, token.id, limit);
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterSeconds).toBe(1);
    await db.$executeRaw`UPDATE rate_limit_buckets SET "updatedAt" = "updatedAt" - interval '1.5 seconds' WHERE "tokenId" = ${token.id}`;
    const again = await consumeToken(db, token.id, limit);
    expect(again.allowed).toBe(true);
    expect(again.remaining).toBe(0);
  });

  it("gives Business tokens a burst of 40 and 3000 per minute", async () => {
    const { auth } = await makeToken({ plan: "business" });
    const res = await callV1(account, { path: "/v1/account", headers: auth });
    expect(res.headers.get("x-ratelimit-limit")).toBe("3000");
    expect(res.headers.get("x-ratelimit-remaining")).toBe("39");
    expect(res.json.plan).toMatchObject({ tier: "business", rate_limit_burst: 40, rate_limit_sustained: 3000 });
  });

  it("keeps one bucket per token", async () => {
    const a = await makeToken({ plan: "pro" });
    const b = await makeToken({ plan: "pro", userId: a.userId });
    await callV1(account, { path: "/v1/account", headers: a.auth });
    const res = await callV1(account, { path: "/v1/account", headers: b.auth });
    expect(res.headers.get("x-ratelimit-remaining")).toBe("19");
  });
});
