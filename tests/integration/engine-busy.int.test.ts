// What callers see of the engine pool through the real route handlers: a full pool answers 503
// engine_busy with Retry-After on /v1 and in the web flow, storing and charging nothing; an
// analysis that passes its deadline ends `failed`, uncharged (the web flow refunds). The pool runs
// a stand-in worker (tests/fixtures) that is slow on demand.
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { POST as webVerify } from "../../app/verify/route";
import { POST as create } from "../../app/v1/verifications/route";
import { getDb } from "../../lib/db";
import { closeEnginePool, configureEnginePool, engineStats } from "../../lib/engine";
import { callV1, makeSession, makeToken } from "../helpers/harness";
import { expectMatchesOpenApi } from "../helpers/openapi";

const STAND_IN = path.resolve(__dirname, "../fixtures/engine-stand-in-worker.mjs");
const b64 = (text: string) => Buffer.from(text).toString("base64");

afterEach(() => closeEnginePool());

function liveVerify(auth: Record<string, string>, text: string) {
  return callV1(create, {
    method: "POST",
    path: "/v1/verifications",
    headers: auth,
    body: { document_base64: b64(text), content_type: "image/png" },
  });
}

function webUpload(auth: Record<string, string>, text: string) {
  const form = new FormData();
  form.append("file", new File([text], "scan.png", { type: "image/png" }));
  return webVerify(new Request("http://localhost:3000/verify", { method: "POST", headers: auth, body: form }));
}

async function untilTheWorkerIsTaken() {
  while (engineStats().inFlight === 0) await new Promise((resolve) => setTimeout(resolve, 20));
}

async function state(userId: string) {
  const db = await getDb();
  const user = await db.user.findUniqueOrThrow({ where: { id: userId } });
  return { balance: user.creditBalance, verifications: await db.verification.count({ where: { userId } }) };
}

describe("a full engine pool", () => {
  it("answers /v1 with 503 engine_busy and Retry-After, and charges nothing", async () => {
    await configureEnginePool({ workers: 1, queue: 0, deadlineMs: 60_000, filename: STAND_IN });
    const { auth, userId } = await makeToken({ mode: "live" });
    const busy = liveVerify(auth, `slow ${Math.random()}`);
    await untilTheWorkerIsTaken();
    const before = await state(userId);
    const refused = await liveVerify(auth, `second ${Math.random()}`);
    expect(refused.status).toBe(503);
    expect(refused.json).toMatchObject({ error: { code: "engine_busy" } });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    await expectMatchesOpenApi("POST", "/v1/verifications", refused);
    expect(await state(userId)).toEqual(before);
    expect((await busy).json).toMatchObject({ status: "completed", credits_charged: 1 });
  });

  it("refuses a web upload before storing or charging it, with a message the page shows", async () => {
    await configureEnginePool({ workers: 1, queue: 0, deadlineMs: 60_000, filename: STAND_IN });
    const { user, auth } = await makeSession({ plan: "pro" });
    const first = await webUpload(auth, `slow ${Math.random()}`);
    const stream = first.text(); // the analysis behind this stream holds the worker
    await untilTheWorkerIsTaken();
    const before = await state(user.id);
    const refused = await webUpload(auth, `second ${Math.random()}`);
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    const body = (await refused.json()) as { code: string; detail: string };
    expect(body.code).toBe("engine_busy");
    expect(body.detail).toMatch(/engine is busy.*Retry in \d+ s; nothing was charged/);
    expect(await state(user.id)).toEqual(before);
    expect(await stream).toMatch(/event: verdict/);
  });
});

describe("an analysis past its deadline", () => {
  it("ends failed and uncharged on /v1", async () => {
    await configureEnginePool({ workers: 1, queue: 0, deadlineMs: 200, filename: STAND_IN });
    const { auth, userId } = await makeToken({ mode: "live" });
    const before = await state(userId);
    const res = await liveVerify(auth, `slow ${Math.random()}`);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      status: "failed",
      credits_charged: 0,
      error: { code: "engine_timeout", message: expect.stringMatching(/deadline of 200 ms/) },
    });
    expect((await state(userId)).balance).toBe(before.balance);
  });

  it("ends failed in the web flow with the error in the stream, and refunds the credit", async () => {
    await configureEnginePool({ workers: 1, queue: 0, deadlineMs: 200, filename: STAND_IN });
    const { user, auth } = await makeSession({ plan: "pro" });
    const before = await state(user.id);
    const text = await (await webUpload(auth, `slow ${Math.random()}`)).text();
    expect(text).toMatch(/event: error\ndata: .*"code":"engine_timeout"/);
    const db = await getDb();
    const row = await db.verification.findFirstOrThrow({ where: { userId: user.id }, orderBy: { createdAt: "desc" } });
    expect(row).toMatchObject({ status: "failed", creditsCharged: 0 });
    expect((await state(user.id)).balance).toBe(before.balance);
  });
});
