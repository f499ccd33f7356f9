import { describe, expect, it } from "vitest";
import { GET as list, POST as create } from "../../app/v1/verifications/route";
import { callV1, makeToken } from "../helpers/harness";

const b64 = (text: string) => Buffer.from(text).toString("base64");

async function seed(auth: Record<string, string>, verdicts: string[]) {
  const ids: string[] = [];
  for (const verdict of verdicts) {
    const res = await callV1(create, {
      method: "POST",
      path: "/v1/verifications",
      headers: auth,
      body: { document_base64: b64(`credence-test:${verdict}`), content_type: "image/png" },
    });
    ids.push(res.json.id);
  }
  return ids;
}

describe("GET /v1/verifications", () => {
  it("pages newest first with a cursor, stable while new verifications arrive", async () => {
    const { auth } = await makeToken({ plan: "business" });
    const ids = await seed(auth, ["VERIFIED", "REJECTED", "SUSPECT", "VERIFIED", "MANUAL_REVIEW"]);
    const newestFirst = [...ids].reverse();
    const page1 = await callV1(list, { path: "/v1/verifications?limit=2", headers: auth });
    expect(page1.json).toMatchObject({ object: "list", has_more: true });
    expect(page1.json.data.map((v: { id: string }) => v.id)).toEqual(newestFirst.slice(0, 2));
    await seed(auth, ["VERIFIED"]); // arrives between pages: must not shift page 2
    const page2 = await callV1(list, {
      path: `/v1/verifications?limit=2&starting_after=${page1.json.next_cursor}`,
      headers: auth,
    });
    expect(page2.json.data.map((v: { id: string }) => v.id)).toEqual(newestFirst.slice(2, 4));
    const page3 = await callV1(list, {
      path: `/v1/verifications?limit=2&starting_after=${page2.json.next_cursor}`,
      headers: auth,
    });
    expect(page3.json.data.map((v: { id: string }) => v.id)).toEqual(newestFirst.slice(4));
    expect(page3.json.has_more).toBe(false);
    expect(page3.json.next_cursor).toBeNull();
  });

  it("defaults to 20 and filters by verdict", async () => {
    const { auth } = await makeToken({ plan: "business" });
    await seed(
      auth,
      Array.from({ length: 22 }, (_, i) => (i % 2 ? "VERIFIED" : "REJECTED")),
    );
    const all = await callV1(list, { path: "/v1/verifications", headers: auth });
    expect(all.json.data).toHaveLength(20);
    expect(all.json.has_more).toBe(true);
    const rejected = await callV1(list, { path: "/v1/verifications?verdict=REJECTED&limit=100", headers: auth });
    expect(rejected.json.data).toHaveLength(11);
    expect(rejected.json.data.every((v: { verdict: string }) => v.verdict === "REJECTED")).toBe(true);
  });

  it("shows only the caller's verifications in the token's mode", async () => {
    const mine = await makeToken();
    const other = await makeToken();
    await seed(other.auth, ["VERIFIED"]);
    const live = await makeToken({ userId: mine.userId, mode: "live" });
    await seed(mine.auth, ["VERIFIED"]);
    expect((await callV1(list, { path: "/v1/verifications", headers: mine.auth })).json.data).toHaveLength(1);
    expect((await callV1(list, { path: "/v1/verifications", headers: live.auth })).json.data).toHaveLength(0);
  });

  it.each([
    ["limit=0", /limit/],
    ["limit=101", /limit/],
    ["verdict=ACCEPT", /verdict/],
    ["colour=red", /colour/],
  ])("rejects %s", async (query, message) => {
    const { auth } = await makeToken();
    const res = await callV1(list, { path: `/v1/verifications?${query}`, headers: auth });
    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe("invalid_request");
    expect(res.json.error.message).toMatch(message);
  });

  it("needs the verifications:read scope", async () => {
    const { auth } = await makeToken({ scopes: ["verifications:write"] });
    const res = await callV1(list, { path: "/v1/verifications", headers: auth });
    expect(res.status).toBe(403);
    expect(res.json.error.code).toBe("insufficient_scope");
  });
});
