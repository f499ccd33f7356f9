import { describe, expect, it } from "vitest";
import { POST as create } from "../../app/v1/verifications/route";
import { getDb } from "../../lib/db";
import { callV1, makeToken } from "../helpers/harness";

const b64 = (text: string) => Buffer.from(text).toString("base64");
const post = (auth: Record<string, string>, key: string, body: object) =>
  callV1(create, { method: "POST", path: "/v1/verifications", headers: { ...auth, "idempotency-key": key }, body });

describe("Idempotency-Key", () => {
  it("replays the stored response with Idempotency-Status: replayed", async () => {
    const { auth, userId } = await makeToken();
    const body = { document_base64: b64("credence-test:VERIFIED"), content_type: "image/png" };
    const first = await post(auth, "key-1", body);
    const second = await post(auth, "key-1", body);
    expect(first.status).toBe(200);
    expect(first.headers.get("idempotency-status")).toBeNull();
    expect(second.status).toBe(200);
    expect(second.headers.get("idempotency-status")).toBe("replayed");
    expect(second.json).toEqual(first.json);
    expect(second.headers.get("x-request-id")).not.toBe(first.headers.get("x-request-id"));
    expect(await (await getDb()).verification.count({ where: { userId } })).toBe(1);
  });

  it("answers 409 idempotency_conflict for the same key with another body", async () => {
    const { auth } = await makeToken();
    await post(auth, "key-2", { document_base64: b64("one"), content_type: "image/png" });
    const res = await post(auth, "key-2", { document_base64: b64("two"), content_type: "image/png" });
    expect(res.status).toBe(409);
    expect(res.json.error.code).toBe("idempotency_conflict");
  });

  it("executes concurrent requests with one key once", async () => {
    const { auth, userId } = await makeToken({ plan: "business" });
    const body = { document_base64: b64("credence-test:SUSPECT"), content_type: "image/png" };
    const results = await Promise.all(Array.from({ length: 8 }, () => post(auth, "key-3", body)));
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(new Set(results.map((r) => r.json.id)).size).toBe(1);
    expect(results.filter((r) => r.headers.get("idempotency-status") === "replayed")).toHaveLength(7);
    expect(await (await getDb()).verification.count({ where: { userId } })).toBe(1);
  });

  it("scopes keys to the caller and the mode", async () => {
    const a = await makeToken();
    const b = await makeToken();
    const live = await makeToken({ userId: a.userId, mode: "live" });
    const body = { document_base64: b64("credence-test:VERIFIED"), content_type: "image/png" };
    const ra = await post(a.auth, "shared", body);
    const rb = await post(b.auth, "shared", body);
    expect(rb.headers.get("idempotency-status")).toBeNull();
    expect(rb.json.id).not.toBe(ra.json.id);
    const rl = await post(live.auth, "shared", { ...body, document_base64: b64("credence-test:REJECTED") });
    expect(rl.status).not.toBe(409);
  });

  it("does not store validation errors: a corrected retry with the same key runs", async () => {
    const { auth } = await makeToken();
    const bad = await post(auth, "key-4", { document_base64: b64("x") });
    expect(bad.status).toBe(400);
    const good = await post(auth, "key-4", {
      document_base64: b64("credence-test:VERIFIED"),
      content_type: "image/png",
    });
    expect(good.status).toBe(200);
    expect(good.headers.get("idempotency-status")).toBeNull();
  });

  it("lets a key be reused after the 24-hour window and takes over a crashed request's key", async () => {
    const { auth, userId } = await makeToken();
    const db = await getDb();
    const body = { document_base64: b64("credence-test:VERIFIED"), content_type: "image/png" };
    const first = await post(auth, "key-5", body);
    await db.idempotencyRecord.updateMany({
      where: { userId, key: "key-5" },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    const after = await post(auth, "key-5", body);
    expect(after.headers.get("idempotency-status")).toBeNull();
    expect(after.json.id).not.toBe(first.json.id);
    // A request that died mid-way leaves an in-progress record; after its lease it is taken over.
    await db.idempotencyRecord.updateMany({
      where: { userId, key: "key-5" },
      data: {
        state: "in_progress",
        responseBody: undefined,
        leaseExpiresAt: new Date(Date.now() - 1000),
        expiresAt: new Date(Date.now() + 3_600_000),
      },
    });
    const resumed = await post(auth, "key-5", body);
    expect(resumed.status).toBe(200);
    expect(resumed.headers.get("idempotency-status")).toBeNull();
  });

  it("a retry that takes over a crashed request returns the verification it stored, making no second one", async () => {
    const { auth, userId } = await makeToken();
    const db = await getDb();
    const body = { document_base64: b64("credence-test:SUSPECT"), content_type: "image/png" };
    const first = await post(auth, "key-6", body);
    expect(first.json.id).toMatch(/^ver_/);
    // As if the process died after storing the verification, before storing the response.
    await db.idempotencyRecord.updateMany({
      where: { userId, key: "key-6" },
      data: { state: "in_progress", responseStatus: null, leaseExpiresAt: new Date(Date.now() - 1000) },
    });
    const retry = await post(auth, "key-6", body);
    expect(retry.status).toBe(200);
    expect(retry.json.id).toBe(first.json.id);
    expect(await db.verification.count({ where: { userId } })).toBe(1);
    const record = await db.idempotencyRecord.findFirstOrThrow({ where: { userId, key: "key-6" } });
    expect(record.state).toBe("completed");
    // A lease still running is not taken over: another body with the key is a conflict, the same waits.
    await db.idempotencyRecord.updateMany({
      where: { userId, key: "key-6" },
      data: { state: "in_progress", leaseExpiresAt: new Date(Date.now() + 60_000) },
    });
    const other = await post(auth, "key-6", { ...body, document_base64: b64("credence-test:VERIFIED") });
    expect(other.status).toBe(409);
    expect(other.json.error.message).toMatch(/different request/);
  });

  it("lets one of several concurrent retries take over a crashed request; the rest replay its answer", async () => {
    const { auth, userId } = await makeToken({ plan: "business" });
    const db = await getDb();
    const body = { document_base64: b64("credence-test:REJECTED"), content_type: "image/png" };
    // The fingerprint of this request, as a completed key of its own records it.
    await post(auth, "probe-7", body);
    const probe = await db.idempotencyRecord.findFirstOrThrow({ where: { userId, key: "probe-7" } });
    // A crashed request with the same body: its record in progress, its lease over, nothing stored.
    await db.idempotencyRecord.create({
      data: {
        id: "idm_crashedrequest0000000000000000000",
        userId,
        livemode: false,
        key: "key-7",
        requestHash: probe.requestHash,
        leaseOwner: "req_dead",
        leaseExpiresAt: new Date(Date.now() - 1000),
        expiresAt: new Date(Date.now() + 3_600_000),
      },
    });
    const before = await db.verification.count({ where: { userId } });
    const results = await Promise.all(Array.from({ length: 6 }, () => post(auth, "key-7", body)));
    expect(results.map((r) => r.status)).toEqual(Array(6).fill(200));
    expect(new Set(results.map((r) => r.json.id)).size).toBe(1);
    expect(results[0].json.id).toBe("ver_crashedrequest0000000000000000000");
    expect(await db.verification.count({ where: { userId } })).toBe(before + 1);
  });

  it("replays a multipart upload retried with a new boundary (its fields and file bytes are the same)", async () => {
    const { auth, userId } = await makeToken();
    const send = async (text: string) => {
      const form = new FormData();
      form.append("file", new File([Buffer.from(text)], "a.pdf", { type: "application/pdf" }));
      form.append("mode", "standard");
      // Each send encodes the form afresh, with a boundary of its own.
      const request = new Request("http://x", { method: "POST", body: form });
      const headers = { ...auth, "idempotency-key": "mp-1", "content-type": request.headers.get("content-type")! };
      const body = new Uint8Array(await request.arrayBuffer());
      return {
        boundary: headers["content-type"],
        res: await callV1(create, { method: "POST", path: "/v1/verifications", headers, body }),
      };
    };
    const first = await send("credence-test:REJECTED");
    const second = await send("credence-test:REJECTED");
    expect(second.boundary).not.toBe(first.boundary);
    expect(first.res.status).toBe(200);
    expect(first.res.json.verdict).toBe("REJECTED");
    expect(second.res.headers.get("idempotency-status")).toBe("replayed");
    expect(second.res.json.id).toBe(first.res.json.id);
    expect(await (await getDb()).verification.count({ where: { userId } })).toBe(1);
    const other = await send("credence-test:VERIFIED");
    expect(other.res.status).toBe(409);
  });

  it("rejects a malformed key", async () => {
    const { auth } = await makeToken();
    const res = await post(auth, "x".repeat(300), { document_base64: b64("a"), content_type: "image/png" });
    expect(res.status).toBe(400);
    expect(res.json.error.message).toMatch(/Idempotency-Key/);
  });
});
