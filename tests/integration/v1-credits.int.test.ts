// Live mode charges credits in the transaction that stores the verification. The engine pool runs
// a fast stand-in worker here (tests/fixtures): these tests are about charging, not analysis.
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as account } from "../../app/v1/account/route";
import { POST as create } from "../../app/v1/verifications/route";
import { getDb } from "../../lib/db";
import { closeEnginePool, configureEnginePool } from "../../lib/engine";
import { createVerification } from "../../lib/verifications/create-verification";
import { callV1, makeToken } from "../helpers/harness";

const STAND_IN = path.resolve(__dirname, "../fixtures/engine-stand-in-worker.mjs");
beforeAll(() => configureEnginePool({ workers: 1, queue: 8, deadlineMs: 60_000, filename: STAND_IN }));
afterAll(() => closeEnginePool());

const b64 = (text: string) => Buffer.from(text).toString("base64");
const verify = (auth: Record<string, string>, body: object = {}) =>
  callV1(create, {
    method: "POST",
    path: "/v1/verifications",
    headers: auth,
    body: { document_base64: b64(`doc ${Math.random()}`), content_type: "image/png", ...body },
  });

async function balanceOf(userId: string) {
  return (await (await getDb()).user.findUniqueOrThrow({ where: { id: userId } })).creditBalance;
}

describe("credits (live mode)", () => {
  it("charges 1 credit for standard with a ledger row, and reports X-Credits-Remaining", async () => {
    const { auth, userId } = await makeToken({ mode: "live" });
    const before = await balanceOf(userId);
    const res = await verify(auth);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ livemode: true, credits_charged: 1, status: "completed" });
    expect(await balanceOf(userId)).toBe(before - 1);
    expect(res.headers.get("x-credits-remaining")).toBe(String(before - 1));
    const ledger = await (
      await getDb()
    ).creditLedgerEntry.findUnique({ where: { reference: `verification:${res.json.id}` } });
    expect(ledger).toMatchObject({ delta: -1, balanceAfter: before - 1, reason: "verification" });
  });

  it("charges 5 credits for deep mode", async () => {
    const { auth, userId } = await makeToken({ mode: "live" });
    const before = await balanceOf(userId);
    const res = await verify(auth, { mode: "deep" });
    expect(res.json).toMatchObject({ mode: "deep", credits_charged: 5 });
    expect(await balanceOf(userId)).toBe(before - 5);
  });

  it("charges nothing in test mode and sends no credit header", async () => {
    const { auth, userId } = await makeToken({ mode: "test" });
    const before = await balanceOf(userId);
    const res = await verify(auth, { mode: "deep" });
    expect(res.json.credits_charged).toBe(0);
    expect(res.headers.get("x-credits-remaining")).toBeNull();
    expect(await balanceOf(userId)).toBe(before);
  });

  it("warns past 80 % of the included credits", async () => {
    const { auth, userId } = await makeToken({ mode: "live" });
    await (await getDb()).user.update({ where: { id: userId }, data: { creditBalance: 101 } }); // 500 included, 399 used
    const first = await verify(auth);
    expect(first.headers.get("x-credits-warning")).toBeNull();
    const second = await verify(auth);
    expect(second.headers.get("x-credits-warning")).toBe("approaching-quota");
  });

  it("answers 429 rate_limited with Retry-After until the reset at zero credits, storing nothing", async () => {
    const { auth, userId } = await makeToken({ mode: "live" });
    const db = await getDb();
    const resetAt = new Date(Date.now() + 3 * 86_400_000);
    await db.user.update({ where: { id: userId }, data: { creditBalance: 0, creditsResetAt: resetAt } });
    const res = await verify(auth);
    expect(res.status).toBe(429);
    expect(res.json.error.code).toBe("rate_limited");
    expect(Math.abs(Number(res.headers.get("retry-after")) - 3 * 86_400)).toBeLessThan(60);
    expect(res.headers.get("x-credits-remaining")).toBe("0");
    expect(await db.verification.count({ where: { userId } })).toBe(0);
  });

  it("goes below zero with overage opted in", async () => {
    const { auth, userId } = await makeToken({ mode: "live" });
    await (await getDb()).user.update({ where: { id: userId }, data: { creditBalance: 0, overageOptIn: true } });
    const res = await verify(auth);
    expect(res.status).toBe(200);
    expect(await balanceOf(userId)).toBe(-1);
  });

  it("charges exactly once when parallel requests race for the last credit", async () => {
    const { auth, userId } = await makeToken({ mode: "live", plan: "business" });
    const db = await getDb();
    await db.user.update({ where: { id: userId }, data: { creditBalance: 1 } });
    const results = await Promise.all(Array.from({ length: 6 }, () => verify(auth)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 429)).toHaveLength(5);
    expect(await balanceOf(userId)).toBe(0);
    expect(await db.verification.count({ where: { userId } })).toBe(1);
    expect(await db.creditLedgerEntry.count({ where: { userId, reason: "verification" } })).toBe(1);
  });

  it("charges nothing for a verification the engine could not analyse (status failed)", async () => {
    const { auth, userId } = await makeToken({ mode: "live" });
    const before = await balanceOf(userId);
    {
      const res = await verify(auth, { document_base64: b64("undecodable bytes") });
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({
        status: "failed",
        verdict: null,
        credits_charged: 0,
        error: { code: "decode_failed" },
      });
      const events = await (await getDb()).event.findMany({ where: { userId } });
      expect(events.map((e) => e.type)).toEqual(["verification.failed"]);
    }
    expect(await balanceOf(userId)).toBe(before);
  });

  it("writes neither the verification nor the charge when the transaction fails half-way", async () => {
    const { userId } = await makeToken({ mode: "live" });
    const db = await getDb();
    const before = await balanceOf(userId);
    // A ledger row already holding this verification's reference makes the charge's insert fail
    // after the verification row was written in the same transaction.
    const id = "ver_crashtest" + Math.random().toString(36).slice(2, 10);
    await db.creditLedgerEntry.create({
      data: {
        id: `led_${id}`,
        userId,
        delta: 0,
        balanceAfter: before,
        reason: "adjustment",
        reference: `verification:${id}`,
      },
    });
    await expect(
      createVerification(db, {
        id,
        userId,
        livemode: true,
        source: "api",
        document: {
          bytes: new Uint8Array(Buffer.from("x")),
          contentType: "image/png",
          fileName: null,
          mode: "standard",
        },
      }),
    ).rejects.toThrow();
    expect(await db.verification.findUnique({ where: { id } })).toBeNull();
    expect(await balanceOf(userId)).toBe(before);
  });

  it("a retried batch verification with its fixed id is never charged twice", async () => {
    const { userId } = await makeToken({ mode: "live" });
    const db = await getDb();
    const before = await balanceOf(userId);
    const id = "ver_retry" + Math.random().toString(36).slice(2, 10);
    const input = {
      id,
      userId,
      livemode: true,
      source: "batch" as const,
      document: {
        bytes: new Uint8Array(Buffer.from("y")),
        contentType: "image/png" as const,
        fileName: null,
        mode: "standard" as const,
      },
    };
    const first = await createVerification(db, input);
    // The retry finds the reservation stored and returns it: one verification, one charge.
    const again = await createVerification(db, input);
    expect(again.id).toBe(first.id);
    expect(await db.verification.count({ where: { id } })).toBe(1);
    expect(await balanceOf(userId)).toBe(before - 1);
  });
});

describe("monthly credit period", () => {
  it("resets the balance to the included credits once the reset instant has passed, once", async () => {
    const { auth, userId } = await makeToken({ mode: "live" });
    const db = await getDb();
    await db.user.update({
      where: { id: userId },
      data: { creditBalance: -4, overageOptIn: true, creditsResetAt: new Date(Date.now() - 1000) },
    });
    const results = await Promise.all(
      Array.from({ length: 3 }, () => callV1(account, { path: "/v1/account", headers: auth })),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    const user = await db.user.findUniqueOrThrow({ where: { id: userId } });
    expect(user.creditBalance).toBe(500);
    expect(user.creditsResetAt.getTime()).toBeGreaterThan(Date.now());
    const resets = await db.creditLedgerEntry.findMany({ where: { userId, reason: "period_reset" } });
    expect(resets).toHaveLength(1);
    expect(resets[0]).toMatchObject({ delta: 504, balanceAfter: 500 });
  });
});
