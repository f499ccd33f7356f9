import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as getBatch } from "../../app/v1/batches/[id]/route";
import { POST as createBatch } from "../../app/v1/verifications/batch/route";
import { getDb } from "../../lib/db";
import { resetEnvCache } from "../../lib/env";
import { stopJobWorkers } from "../../lib/jobs/workers";
import { startJobWorkers } from "../../server/jobs";
import { processBatchItem } from "../../lib/batches/process-batch-item";
import { callV1, makeToken } from "../helpers/harness";

const b64 = (text: string) => Buffer.from(text).toString("base64");
let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    res.writeHead(200, { "content-type": "application/pdf" });
    res.end(`credence-test:REJECTED:${req.url?.slice(1)}`);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  process.env.FETCH_HTTP_ALLOWLIST = "127.0.0.1";
  process.env.FETCH_ALLOW_PRIVATE = "true";
  resetEnvCache();
  await startJobWorkers();
});

afterAll(async () => {
  await stopJobWorkers();
  delete process.env.FETCH_HTTP_ALLOWLIST;
  delete process.env.FETCH_ALLOW_PRIVATE;
  resetEnvCache();
  await new Promise((resolve) => server.close(resolve));
});

async function waitForBatch(auth: Record<string, string>, id: string) {
  for (let i = 0; i < 200; i++) {
    const res = await callV1(getBatch, { path: `/v1/batches/${id}`, headers: auth, params: { id } });
    if (res.json.status === "completed") return res;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("batch did not complete");
}

describe("batch items after a crash", () => {
  it("an item left processing, run again (even three times at once), makes one verification; batch.completed is emitted once", async () => {
    const { auth, userId } = await makeToken({ plan: "business" });
    const res = await callV1(createBatch, {
      method: "POST",
      path: "/v1/verifications/batch",
      headers: auth,
      body: { documents: [{ base64: b64("credence-test:VERIFIED:crash-1"), content_type: "image/png" }] },
    });
    const batch = await waitForBatch(auth, res.json.id);
    const db = await getDb();
    const [item] = batch.json.items;
    // As if the process died after storing the verification, before counting the item.
    await db.batchItem.update({ where: { id: item.id }, data: { status: "processing", verificationId: null } });
    await db.batch.update({
      where: { id: res.json.id },
      data: { status: "processing", completed: 0, completedAt: null },
    });
    await db.event.deleteMany({ where: { userId, type: "batch.completed" } });
    await Promise.all([1, 2, 3].map(() => processBatchItem(item.id, { attempt: 2 })));
    const again = await waitForBatch(auth, res.json.id);
    expect(again.json.completed).toBe(1);
    expect(again.json.items[0].verification_id).toBe(item.verification_id);
    expect(await db.verification.count({ where: { batchId: res.json.id } })).toBe(1);
    expect(await db.event.count({ where: { userId, type: "batch.completed" } })).toBe(1);
  });
});

describe("POST /v1/verifications/batch", () => {
  it("answers 202 with the batch at once and processes base64 and url items in the background", async () => {
    const { auth, userId } = await makeToken({ plan: "business" });
    const res = await callV1(createBatch, {
      method: "POST",
      path: "/v1/verifications/batch",
      headers: auth,
      body: {
        documents: [
          { base64: b64("credence-test:VERIFIED:diploma"), content_type: "application/pdf" },
          { base64: b64("credence-test:SUSPECT"), content_type: "image/png", file_name: "b.png" },
          { url: `${base}/payslip` },
        ],
      },
    });
    expect(res.status).toBe(202);
    expect(res.json).toMatchObject({ object: "batch", status: "processing", total: 3, livemode: false });
    expect(res.json.id).toMatch(/^bat_/);
    expect(res.json.items.map((i: { position: number }) => i.position)).toEqual([0, 1, 2]);
    expect(res.headers.get("location")).toBe(`/v1/batches/${res.json.id}`);

    const done = await waitForBatch(auth, res.json.id);
    expect(done.json).toMatchObject({ status: "completed", completed: 3, failed: 0, pending: 0 });
    const verdicts = await (
      await getDb()
    ).verification.findMany({
      where: { id: { in: done.json.items.map((i: { verification_id: string }) => i.verification_id) } },
      orderBy: { id: "asc" },
    });
    const events = await (await getDb()).event.findMany({ where: { userId, type: "batch.completed" } });
    expect(events).toHaveLength(1);
    expect(events[0].data).toMatchObject({
      batch: {
        id: res.json.id,
        total: 3,
        completed: 3,
        failed: 0,
        item_ids: res.json.items.map((i: { id: string }) => i.id),
      },
    });
    expect(verdicts.map((v) => [v.verdict, v.batchId, v.source, v.userId])).toEqual(
      expect.arrayContaining([
        ["VERIFIED", res.json.id, "batch", userId],
        ["SUSPECT", res.json.id, "batch", userId],
        ["REJECTED", res.json.id, "batch", userId],
      ]),
    );
  });

  it("counts an item whose URL cannot be fetched as failed", async () => {
    const { auth } = await makeToken({ plan: "business" });
    process.env.FETCH_ALLOW_PRIVATE = "false";
    resetEnvCache();
    try {
      const res = await callV1(createBatch, {
        method: "POST",
        path: "/v1/verifications/batch",
        headers: auth,
        body: {
          documents: [{ url: `${base}/x` }, { base64: b64("credence-test:VERIFIED"), content_type: "image/png" }],
        },
      });
      const done = await waitForBatch(auth, res.json.id);
      expect(done.json).toMatchObject({ completed: 1, failed: 1 });
      expect(done.json.items[0].error.message).toMatch(/private|loopback/);
    } finally {
      process.env.FETCH_ALLOW_PRIVATE = "true";
      resetEnvCache();
    }
  });

  it("is for the Business plan only", async () => {
    const { auth } = await makeToken({ plan: "pro" });
    const res = await callV1(createBatch, {
      method: "POST",
      path: "/v1/verifications/batch",
      headers: auth,
      body: { documents: [{ base64: b64("a"), content_type: "image/png" }] },
    });
    expect(res.status).toBe(403);
    expect(res.json.error.code).toBe("plan_required");
  });

  it.each([
    ["no documents", { documents: [] }, /documents/],
    [
      "more than 1000",
      { documents: Array.from({ length: 1001 }, () => ({ url: "https://example.com/a.pdf" })) },
      /documents/,
    ],
    ["an item with both forms", { documents: [{ url: "https://example.com/a.pdf", base64: "YQ==" }] }, /documents/],
    ["bad base64", { documents: [{ base64: "!!", content_type: "image/png" }] }, /documents\[0\]\.base64/],
    ["an http url", { documents: [{ url: "http://example.com/a.pdf" }] }, /https/],
  ])("rejects %s and stores nothing", async (_name, body, message) => {
    const { auth, userId } = await makeToken({ plan: "business" });
    const res = await callV1(createBatch, { method: "POST", path: "/v1/verifications/batch", headers: auth, body });
    expect(res.status).toBe(400);
    expect(res.json.error.message).toMatch(message);
    expect(await (await getDb()).batch.count({ where: { userId } })).toBe(0);
  });

  it("hides other users' batches", async () => {
    const owner = await makeToken({ plan: "business" });
    const other = await makeToken({ plan: "business" });
    const res = await callV1(createBatch, {
      method: "POST",
      path: "/v1/verifications/batch",
      headers: owner.auth,
      body: { documents: [{ base64: b64("credence-test:VERIFIED"), content_type: "image/png" }] },
    });
    const theirs = await callV1(getBatch, {
      path: `/v1/batches/${res.json.id}`,
      headers: other.auth,
      params: { id: res.json.id },
    });
    expect(theirs.status).toBe(404);
    await waitForBatch(owner.auth, res.json.id);
  });
});
