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
    // A request that died mid-way leaves an in-progress record; after the lease it is taken over.
    await db.idempotencyRecord.updateMany({
      where: { userId, key: "key-5" },
      data: {
        state: "in_progress",
        responseBody: undefined,
        createdAt: new Date(Date.now() - 10 * 60_000),
        expiresAt: new Date(Date.now() + 3_600_000),
      },
    });
    const resumed = await post(auth, "key-5", body);
    expect(resumed.status).toBe(200);
    expect(resumed.headers.get("idempotency-status")).toBeNull();
  });

  it("works with multipart uploads and hashes the raw body", async () => {
    const { auth, userId } = await makeToken();
    const form = () => {
      const f = new FormData();
      f.append("file", new File([Buffer.from("credence-test:REJECTED")], "a.pdf", { type: "application/pdf" }));
      return f;
    };
    // The same FormData twice gets two different boundaries, so build the body bytes once.
    const request = new Request("http://x", { method: "POST", body: form() });
    const bytes = new Uint8Array(await request.arrayBuffer());
    const headers = { ...auth, "idempotency-key": "mp-1", "content-type": request.headers.get("content-type")! };
    const first = await callV1(create, { method: "POST", path: "/v1/verifications", headers, body: bytes });
    const second = await callV1(create, { method: "POST", path: "/v1/verifications", headers, body: bytes });
    expect(first.status).toBe(200);
    expect(first.json.verdict).toBe("REJECTED");
    expect(second.headers.get("idempotency-status")).toBe("replayed");
    expect(await (await getDb()).verification.count({ where: { userId } })).toBe(1);
  });

  it("rejects a malformed key", async () => {
    const { auth } = await makeToken();
    const res = await post(auth, "x".repeat(300), { document_base64: b64("a"), content_type: "image/png" });
    expect(res.status).toBe(400);
    expect(res.json.error.message).toMatch(/Idempotency-Key/);
  });
});
