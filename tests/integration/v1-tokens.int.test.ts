import { describe, expect, it } from "vitest";
import { GET as account } from "../../app/v1/account/route";
import { getDb } from "../../lib/db";
import { listTokens } from "../../lib/tokens/list-tokens";
import { revokeToken } from "../../lib/tokens/revoke-token";
import { rotateToken } from "../../lib/tokens/rotate-token";
import { callV1, makeToken } from "../helpers/harness";

const get = (secret: string) =>
  callV1(account, { path: "/v1/account", headers: { authorization: `Bearer ${secret}` } });

describe("token lifecycle", () => {
  it("rotation issues a new secret with the same scopes, retires the old one and records token.rotated", async () => {
    const { token, secret } = await makeToken({ scopes: ["account:read", "verifications:read"] });
    const db = await getDb();
    const rotated = await rotateToken(db, token.id);
    expect(rotated.secret).not.toBe(secret);
    expect(rotated.token).toMatchObject({
      userId: token.userId,
      mode: token.mode,
      scopes: ["account:read", "verifications:read"],
      rotatedFromId: token.id,
    });
    expect((await get(secret)).json.error.code).toBe("invalid_api_key");
    expect((await get(rotated.secret)).status).toBe(200);
    await expect(rotateToken(db, token.id)).rejects.toThrow(/already revoked or rotated/);
    const events = await db.event.findMany({ where: { userId: token.userId, type: "token.rotated" } });
    expect(events).toHaveLength(1);
    expect(events[0].data).toMatchObject({ token: { id: rotated.token.id }, previous_token: { id: token.id } });
  });

  it("rotation with a grace period keeps the old secret working until then", async () => {
    const { token, secret } = await makeToken();
    const db = await getDb();
    const rotated = await rotateToken(db, token.id, { graceSeconds: 3600 });
    expect((await get(secret)).status).toBe(200);
    expect((await get(rotated.secret)).status).toBe(200);
    await db.apiToken.update({ where: { id: token.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const res = await get(secret);
    expect(res.status).toBe(401);
    expect(res.json.error.message).toMatch(/expired/);
  });

  it("revocation and expiry stop a token", async () => {
    const revoked = await makeToken();
    await revokeToken(await getDb(), revoked.token.id);
    expect((await get(revoked.secret)).json.error.code).toBe("invalid_api_key");
    const expired = await makeToken({ expiresAt: new Date(Date.now() - 1) });
    expect((await get(expired.secret)).json.error.message).toMatch(/expired/);
  });

  it("lists a user's tokens with their status, only the owner's", async () => {
    const first = await makeToken();
    const second = await makeToken({ userId: first.userId, mode: "live" });
    await revokeToken(await getDb(), second.token.id);
    const active = await listTokens(await getDb(), first.userId);
    expect(active.map((t) => t.id)).toEqual([first.token.id]);
    const all = await listTokens(await getDb(), first.userId, { includeInactive: true });
    expect(all.map((t) => [t.id, t.status])).toEqual([
      [second.token.id, "revoked"],
      [first.token.id, "active"],
    ]);
    const other = await makeToken();
    await expect(revokeToken(await getDb(), first.token.id, { userId: other.userId })).rejects.toThrow(/No token/);
  });
});
