// Without DATABASE_URL the app runs on an embedded PGlite in the data directory, migrated when it
// is opened: the same handlers answer, and the data survives closing and reopening.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as getOne } from "../../app/v1/verifications/[id]/route";
import { POST as create } from "../../app/v1/verifications/route";
import { GET as health } from "../../app/healthz/route";
import { closeDb, embeddedPglite, getDb } from "../../lib/db";
import { resetEnvCache } from "../../lib/env";
import { call, makeToken } from "../helpers/harness";

const saved = { url: process.env.DATABASE_URL, dir: process.env.CREDENCE_DATA_DIR };

beforeAll(async () => {
  await closeDb();
  delete process.env.DATABASE_URL;
  process.env.CREDENCE_DATA_DIR = mkdtempSync(path.join(tmpdir(), "credence-pglite-"));
  resetEnvCache();
});

afterAll(async () => {
  await closeDb();
  process.env.DATABASE_URL = saved.url;
  process.env.CREDENCE_DATA_DIR = saved.dir;
  resetEnvCache();
});

describe("embedded PGlite", () => {
  it("migrates on open and serves a test-mode verification that survives a restart", async () => {
    // Opened first: the probe's own 30 s limit on a cold open is not what this test measures.
    await getDb();
    const healthy = await call(health, { path: "/healthz" });
    expect(healthy.json).toEqual({ status: "ok", db: "ok" });
    expect(embeddedPglite()).toBeDefined();

    const { auth } = await makeToken();
    const created = await call(create, {
      method: "POST",
      path: "/v1/verifications",
      headers: auth,
      body: {
        document_base64: Buffer.from("credence-test:REJECTED").toString("base64"),
        content_type: "application/pdf",
      },
    });
    expect(created.status).toBe(200);
    expect(created.json.verdict).toBe("REJECTED");

    await closeDb();
    const reopened = await getDb();
    expect(await reopened.verification.count({ where: { id: created.json.id } })).toBe(1);
    const fetched = await call(getOne, {
      path: `/v1/verifications/${created.json.id}`,
      headers: auth,
      params: { id: created.json.id },
    });
    expect(fetched.json.id).toBe(created.json.id);
  });
});
