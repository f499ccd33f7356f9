// GET /gdpr/my-data, GET /gdpr/export and GET /gdpr/lookup: everything about the caller and nothing
// about anyone else; no secret or hash in any form; a CSV safe to open in a spreadsheet.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as exportRoute } from "../../app/gdpr/export/route";
import { GET as lookup } from "../../app/gdpr/lookup/route";
import { GET as myData } from "../../app/gdpr/my-data/route";
import { getDb } from "../../lib/db";
import { resetEnvCache } from "../../lib/env";
import { createFolder } from "../../lib/folders/create-folder";
import { createEndpoint } from "../../lib/webhooks/create-endpoint";
import { call, makeSession, makeToken } from "../helpers/harness";
import { makeCompletedVerification } from "../helpers/holder-credentials";

beforeAll(() => {
  process.env.FETCH_ALLOW_PRIVATE = "true"; // the endpoint is never contacted
  resetEnvCache();
});
afterAll(() => {
  delete process.env.FETCH_ALLOW_PRIVATE;
  resetEnvCache();
});

const HOSTILE = '=HYPERLINK("http://evil.example","click")';

async function owner() {
  const session = await makeSession();
  const db = await getDb();
  await db.user.update({ where: { id: session.user.id }, data: { passwordHash: "scrypt$secret-hash-value" } });
  const token = await makeToken({ userId: session.user.id });
  const endpoint = await createEndpoint(
    db,
    { userId: session.user.id, livemode: false },
    { url: "http://127.0.0.1:9/hook", description: "mine" },
  );
  const verification = await makeCompletedVerification(session.user.id, {
    fields: { holder_name: "Anna Maria Eriksson", institution: "Uppsala University" },
  });
  const folder = await createFolder(db, session.user.id, { name: HOSTILE, applicant_name: "Anna Eriksson" });
  return { ...session, token, endpoint, verification, folder };
}

describe("GET /gdpr/my-data", () => {
  it("shows every kind of record of the caller, without secrets", async () => {
    const me = await owner();
    const res = await call(myData, { path: "/gdpr/my-data", headers: me.auth });
    expect(res.status).toBe(200);
    expect(res.json.account).toMatchObject({ id: me.user.id, email: me.user.email });
    const { sections } = res.json;
    expect(sections.verifications).toHaveLength(1);
    expect(sections.verifications[0]).toMatchObject({ id: me.verification.id, verdict: "VERIFIED" });
    expect(sections.verifications[0].verdict_json.fields.holder_name).toBe("Anna Maria Eriksson");
    expect(sections.api_tokens[0]).toMatchObject({ id: me.token.token.id, last_four: me.token.secret.slice(-4) });
    expect(sections.webhook_endpoints[0]).toMatchObject({ id: me.endpoint.id, url: "http://127.0.0.1:9/hook" });
    expect(sections.folders[0]).toMatchObject({ id: me.folder.id, name: HOSTILE });
    // Never a secret, a hash or where a file is kept.
    const db = await getDb();
    const token = await db.apiToken.findUniqueOrThrow({ where: { id: me.token.token.id } });
    const hook = await db.webhookEndpoint.findUniqueOrThrow({ where: { id: me.endpoint.id } });
    for (const secret of [me.token.secret, token.hash, me.endpoint.secret, hook.secretEncrypted, "secret-hash-value"]) {
      expect(res.text).not.toContain(secret);
    }
    expect(res.text).not.toMatch(/password_hash|secret_encrypted|"hash"|storage_key|token_hash/);
  });

  it("answers 401 to nobody", async () => {
    expect((await call(myData, { path: "/gdpr/my-data" })).status).toBe(401);
  });
});

describe("GET /gdpr/export", () => {
  it("downloads JSON by default, the same document as /gdpr/my-data", async () => {
    const me = await owner();
    const res = await call(exportRoute, { path: "/gdpr/export", headers: me.auth });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(res.headers.get("content-disposition")).toMatch(
      /^attachment; filename="credence-my-data-\d{4}-\d{2}-\d{2}\.json"/,
    );
    expect(res.json.sections.verifications[0].id).toBe(me.verification.id);
    expect(res.text).not.toContain(me.token.secret);
  });

  it("downloads CSV: BOM, CRLF rows, one value per row, formulas neutralised", async () => {
    const me = await owner();
    const res = await call(exportRoute, { path: "/gdpr/export?format=csv", headers: me.auth });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(/filename="credence-my-data-[\d-]+\.csv"/);
    // Response.text() drops a byte-order mark: read the bytes.
    const raw = await exportRoute(new Request("http://localhost:3000/gdpr/export?format=csv", { headers: me.auth }));
    const bytes = Buffer.from(await raw.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(res.text.startsWith("section,record,field,value\r\n")).toBe(true);
    const lines = res.text.split("\r\n");
    expect(lines).toContain(`account,${me.user.id},email,${me.user.email}`);
    expect(lines).toContain(`verifications,${me.verification.id},verdict_json.fields.holder_name,Anna Maria Eriksson`);
    // The hostile folder name is a text cell starting with an apostrophe, quoted for its quotes and comma.
    expect(lines).toContain(`folders,${me.folder.id},name,"'=HYPERLINK(""http://evil.example"",""click"")"`);
    expect(lines.some((l) => /,=|,"=/.test(l))).toBe(false);
    expect(res.text).not.toContain(me.token.secret);
  });

  it("refuses any other format with a clear message", async () => {
    const me = await owner();
    const res = await call(exportRoute, { path: "/gdpr/export?format=xml", headers: me.auth });
    expect(res.status).toBe(422);
    expect(JSON.stringify(res.json.detail)).toContain('format must be \\"json\\" or \\"csv\\"');
  });
});

describe("GET /gdpr/lookup", () => {
  it("finds the caller's own verifications by name in any order, accents or initials, and no one else's", async () => {
    const me = await owner();
    const stranger = await makeSession();
    const theirs = await makeCompletedVerification(stranger.user.id, {
      fields: { holder_name: "Anna Maria Eriksson" },
    });
    await makeCompletedVerification(me.user.id, { fields: { holder_name: "Jonas Berg" } });
    for (const holder of ["ERIKSSON, Anna Maria", "Ánna María Eriksson", "A. M. Eriksson", "Eriksson"]) {
      const res = await call(lookup, { path: `/gdpr/lookup?holder=${encodeURIComponent(holder)}`, headers: me.auth });
      expect(res.status, holder).toBe(200);
      expect(
        res.json.items.map((i: { verification_id: string }) => i.verification_id),
        holder,
      ).toEqual([me.verification.id]);
      expect(res.text).not.toContain(theirs.id);
    }
    const exact = await call(lookup, { path: "/gdpr/lookup?holder=Anna%20Maria%20Eriksson", headers: me.auth });
    expect(exact.json.items[0]).toMatchObject({
      holder_name: "Anna Maria Eriksson",
      match: "same",
      match_reason: null,
    });
    const none = await call(lookup, { path: "/gdpr/lookup?holder=Maria%20Svensson", headers: me.auth });
    expect(none.json).toMatchObject({ items: [], total: 0 });
    // The stranger, looking for the same person, sees only their own.
    const theirView = await call(lookup, { path: "/gdpr/lookup?holder=Anna%20Eriksson", headers: stranger.auth });
    expect(theirView.json.items.map((i: { verification_id: string }) => i.verification_id)).toEqual([theirs.id]);
  });

  it("asks for 2 to 100 characters and a signed-in caller", async () => {
    const me = await owner();
    for (const [query, message] of [
      ["holder=A", "at least 2"],
      [`holder=${"a".repeat(101)}`, "at most 100"],
      ["", "holder is required"],
    ]) {
      const res = await call(lookup, { path: `/gdpr/lookup?${query}`, headers: me.auth });
      expect(res.status, query).toBe(422);
      expect(JSON.stringify(res.json.detail), query).toContain(message);
    }
    expect((await call(lookup, { path: "/gdpr/lookup?holder=Anna" })).status).toBe(401);
  });
});
