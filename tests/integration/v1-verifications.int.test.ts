import { describe, expect, it } from "vitest";
import { GET as getOne } from "../../app/v1/verifications/[id]/route";
import { POST as create } from "../../app/v1/verifications/route";
import { getDb } from "../../lib/db";
import { callV1, makeToken } from "../helpers/harness";

const b64 = (text: string) => Buffer.from(text).toString("base64");

describe("POST /v1/verifications (test mode)", () => {
  it("verifies a JSON base64 document and stores it", async () => {
    const { auth, userId } = await makeToken();
    const res = await callV1(create, {
      method: "POST",
      path: "/v1/verifications",
      headers: auth,
      body: { document_base64: b64("credence-test:REJECTED:diploma"), content_type: "application/pdf" },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("x-service-environment")).toBe("test");
    expect(res.headers.get("x-request-id")).toMatch(/^req_/);
    expect(res.json).toMatchObject({ status: "completed", verdict: "REJECTED", doc_type: "diploma", livemode: false });
    expect(res.json.id).toMatch(/^ver_/);
    expect(res.json.poll_url).toBe(`/v1/verifications/${res.json.id}`);
    expect(res.json.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    const row = await (await getDb()).verification.findUnique({ where: { id: res.json.id } });
    expect(row?.userId).toBe(userId);
  });

  it("records verification.completed, and verification.manual_review_required for MANUAL_REVIEW", async () => {
    const { auth, userId } = await makeToken();
    const res = await callV1(create, {
      method: "POST",
      path: "/v1/verifications",
      headers: auth,
      body: { document_base64: b64("credence-test:MANUAL_REVIEW"), content_type: "application/pdf" },
    });
    const events = await (await getDb()).event.findMany({ where: { userId }, orderBy: { id: "asc" } });
    expect(events.map((e) => e.type)).toEqual(["verification.completed", "verification.manual_review_required"]);
    expect(events[0]).toMatchObject({
      livemode: false,
      data: { verification: { id: res.json.id, verdict: "MANUAL_REVIEW" } },
    });
  });

  it("derives the verdict from sha256 mod 4 for ordinary bytes", async () => {
    const { auth } = await makeToken({ plan: "business" }); // 24 requests: more than a Pro burst
    const seen = new Set<string>();
    for (let i = 0; i < 24; i++) {
      const res = await callV1(create, {
        method: "POST",
        path: "/v1/verifications",
        headers: auth,
        body: { document_base64: b64(`document ${i}`), content_type: "image/png" },
      });
      seen.add(res.json.verdict);
    }
    expect([...seen].sort()).toEqual(["REJECTED", "SUSPECT", "VERIFIED", "VERIFIED SAMPLE"]);
  });

  it("accepts a multipart file", async () => {
    const { auth } = await makeToken();
    const form = new FormData();
    form.append("file", new File([Buffer.from("credence-test:SUSPECT")], "doc.pdf", { type: "application/pdf" }));
    const res = await callV1(create, { method: "POST", path: "/v1/verifications", headers: auth, body: form });
    expect(res.status).toBe(200);
    expect(res.json.verdict).toBe("SUSPECT");
    expect(res.json.file_name).toBe("doc.pdf");
  });

  const bad: Array<[string, Record<string, string> | null, unknown, number, string, RegExp]> = [
    [
      "no header",
      null,
      { document_base64: b64("x"), content_type: "image/png" },
      401,
      "authentication_required",
      /Authorization/,
    ],
    ["wrong scheme", { authorization: "Basic abc" }, {}, 401, "authentication_required", /Bearer/],
    [
      "unknown token",
      { authorization: `Bearer svc_test_sk_${"a".repeat(43)}` },
      {},
      401,
      "invalid_api_key",
      /not recognised/,
    ],
  ];
  it.each(bad)("rejects %s", async (_name, headers, body, status, code, message) => {
    const res = await callV1(create, {
      method: "POST",
      path: "/v1/verifications",
      headers: headers ?? {},
      body: body as object,
    });
    expect(res.status).toBe(status);
    expect(res.json.error.code).toBe(code);
    expect(res.json.error.message).toMatch(message);
    expect(res.json.error.request_id).toBe(res.headers.get("x-request-id"));
    expect(res.json.error.docs_url).toContain(code);
  });

  const invalid: Array<[string, object | FormData, number, string, RegExp]> = [
    ["an empty file", { document_base64: "", content_type: "image/png" }, 400, "invalid_request", /empty/],
    ["bad base64", { document_base64: "not base64!!", content_type: "image/png" }, 400, "invalid_request", /base64/],
    ["a missing content_type", { document_base64: b64("abc") }, 400, "invalid_request", /content_type/],
    [
      "an unknown JSON field",
      { document_base64: b64("abc"), content_type: "image/png", colour: "red" },
      400,
      "invalid_request",
      /unknown field.*colour/,
    ],
    [
      "an unsupported type",
      { document_base64: b64("abc"), content_type: "text/html" },
      400,
      "invalid_request",
      /not supported/,
    ],
  ];
  it.each(invalid)("rejects %s and stores nothing", async (_name, body, status, code, message) => {
    const { auth, userId } = await makeToken();
    const res = await callV1(create, { method: "POST", path: "/v1/verifications", headers: auth, body });
    expect(res.status).toBe(status);
    expect(res.json.error.code).toBe(code);
    expect(res.json.error.message).toMatch(message);
    expect(await (await getDb()).verification.count({ where: { userId } })).toBe(0);
  });

  it("rejects an empty multipart file", async () => {
    const { auth } = await makeToken();
    const form = new FormData();
    form.append("file", new File([], "empty.pdf", { type: "application/pdf" }));
    const res = await callV1(create, { method: "POST", path: "/v1/verifications", headers: auth, body: form });
    expect(res.status).toBe(400);
    expect(res.json.error.message).toMatch(/empty/);
  });

  it("rejects a body over the limit with 413", async () => {
    const { auth, userId } = await makeToken();
    const huge = Buffer.alloc(21 * 1024 * 1024, 65).toString("base64");
    const res = await callV1(create, {
      method: "POST",
      path: "/v1/verifications",
      headers: auth,
      body: { document_base64: huge, content_type: "application/pdf" },
    });
    expect(res.status).toBe(413);
    expect(res.json.error.code).toBe("payload_too_large");
    expect(await (await getDb()).verification.count({ where: { userId } })).toBe(0);
  });

  it("refuses free-plan accounts with plan_required", async () => {
    const { auth } = await makeToken({ plan: "free" });
    const res = await callV1(create, { method: "POST", path: "/v1/verifications", headers: auth, body: {} });
    expect(res.status).toBe(403);
    expect(res.json.error.code).toBe("plan_required");
  });
});

describe("GET /v1/verifications/{id}", () => {
  it("returns the caller's verification and hides everyone else's", async () => {
    const owner = await makeToken();
    const other = await makeToken();
    const created = await callV1(create, {
      method: "POST",
      path: "/v1/verifications",
      headers: owner.auth,
      body: { document_base64: b64("credence-test:VERIFIED"), content_type: "image/jpeg" },
    });
    const id = created.json.id as string;
    const mine = await callV1(getOne, { path: `/v1/verifications/${id}`, headers: owner.auth, params: { id } });
    expect(mine.status).toBe(200);
    expect(mine.json).toEqual(created.json);
    const theirs = await callV1(getOne, { path: `/v1/verifications/${id}`, headers: other.auth, params: { id } });
    expect(theirs.status).toBe(404);
    expect(theirs.json.error.code).toBe("not_found");
    const unknown = await callV1(getOne, {
      path: "/v1/verifications/ver_nope",
      headers: owner.auth,
      params: { id: "ver_nope" },
    });
    expect(unknown.status).toBe(404);
  });

  it("keeps test and live objects apart", async () => {
    const test = await makeToken();
    const live = await makeToken({ userId: test.userId, mode: "live" });
    const created = await callV1(create, {
      method: "POST",
      path: "/v1/verifications",
      headers: test.auth,
      body: { document_base64: b64("credence-test:VERIFIED"), content_type: "image/jpeg" },
    });
    const res = await callV1(getOne, {
      path: `/v1/verifications/${created.json.id}`,
      headers: live.auth,
      params: { id: created.json.id },
    });
    expect(res.status).toBe(404);
    expect(res.headers.get("x-service-environment")).toBe("live");
  });
});
