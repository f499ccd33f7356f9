import { describe, expect, it } from "vitest";
import { GET as usage } from "../../app/v1/account/usage/route";
import { GET as account } from "../../app/v1/account/route";
import { GET as getOne } from "../../app/v1/verifications/[id]/route";
import { POST as create } from "../../app/v1/verifications/route";
import { getDb } from "../../lib/db";
import { callV1, makeToken } from "../helpers/harness";

describe("GET /v1/account", () => {
  it("returns every field of the spec", async () => {
    const { auth, userId } = await makeToken({ plan: "pro", mode: "live" });
    const user = await (await getDb()).user.update({ where: { id: userId }, data: { creditBalance: 450 } });
    const res = await callV1(account, { path: "/v1/account", headers: auth });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      object: "account",
      user_id: userId,
      email: user.email,
      livemode: true,
      plan: { tier: "pro", api_access: true, rate_limit_burst: 20, rate_limit_sustained: 600 },
      credits: {
        included: 500,
        used: 50,
        remaining: 450,
        reset_at: user.creditsResetAt.toISOString().replace(/\.\d{3}Z$/, "Z"),
        overage_opt_in: false,
      },
    });
    expect(res.headers.get("x-credits-remaining")).toBe("450");
  });

  it("needs the account:read scope", async () => {
    const { auth } = await makeToken({ scopes: ["verifications:read"] });
    const res = await callV1(account, { path: "/v1/account", headers: auth });
    expect(res.status).toBe(403);
    expect(res.json.error.code).toBe("insufficient_scope");
  });
});

describe("GET /v1/account/usage", () => {
  it("groups the month's requests by day, endpoint and token", async () => {
    const first = await makeToken({ plan: "business" });
    const second = await makeToken({ plan: "business", userId: first.userId });
    for (let i = 0; i < 3; i++) {
      await callV1(create, {
        method: "POST",
        path: "/v1/verifications",
        headers: first.auth,
        body: { document_base64: Buffer.from(`u${i}`).toString("base64"), content_type: "image/png" },
      });
    }
    await callV1(getOne, {
      path: "/v1/verifications/ver_missing",
      headers: second.auth,
      params: { id: "ver_missing" },
    });

    const byDay = await callV1(usage, { path: "/v1/account/usage", headers: first.auth });
    expect(byDay.status).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    expect(byDay.json.period).toBe(today.slice(0, 7));
    expect(byDay.json.data.at(-1)).toEqual({ key: today, requests: 4, errors: 1, credits: 0 });
    expect(byDay.json.data).toHaveLength(Number(today.slice(8, 10)));

    const byEndpoint = await callV1(usage, { path: "/v1/account/usage?group_by=endpoint", headers: first.auth });
    const endpoints = Object.fromEntries(
      byEndpoint.json.data.map((r: { key: string; requests: number }) => [r.key, r.requests]),
    );
    expect(endpoints["POST /v1/verifications"]).toBe(3);
    expect(endpoints["GET /v1/verifications/{id}"]).toBe(1);
    expect(endpoints["GET /v1/account/usage"]).toBe(1);

    const byToken = await callV1(usage, { path: "/v1/account/usage?group_by=token", headers: first.auth });
    const tokens = Object.fromEntries(
      byToken.json.data.map((r: { key: string; requests: number }) => [r.key, r.requests]),
    );
    expect(tokens[first.token.id]).toBe(5);
    expect(tokens[second.token.id]).toBe(1);
  });

  it("answers an empty past period and rejects a malformed one", async () => {
    const { auth } = await makeToken();
    const past = await callV1(usage, { path: "/v1/account/usage?period=2020-02", headers: auth });
    expect(past.json.data).toHaveLength(29);
    expect(past.json.totals).toEqual({ requests: 0, errors: 0, credits: 0 });
    const bad = await callV1(usage, { path: "/v1/account/usage?period=2020-13", headers: auth });
    expect(bad.status).toBe(400);
    expect(bad.json.error.message).toMatch(/YYYY-MM/);
  });
});
