// Two production servers (`npm start`: migrations, then server.ts) on one PostgreSQL behave as one:
// one rate-limit bucket per token, one verification per Idempotency-Key, and no credit charged
// twice, whichever instance each request reaches. Runs after the build, beside the other e2e specs;
// the instances are real processes on ports of their own and a database created for this spec.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import pg from "pg";
import { diplomaPdf } from "../tests/integration/app-documents";

const ADMIN_URL = process.env.TEST_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
const dbName = `credence_scaleout_${Date.now()}_${randomBytes(3).toString("hex")}`;
const dbUrl = (() => {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${dbName}`;
  return url.toString();
})();
const env: NodeJS.ProcessEnv = {
  ...process.env,
  NODE_ENV: "production" as const,
  DATABASE_URL: dbUrl,
  CREDENCE_DATA_DIR: mkdtempSync(path.join(tmpdir(), "credence-scaleout-")),
  AUTH_SECRET: "scale-out-auth-secret-0123456789abcdefghijklmnop",
  CREDENCE_ENCRYPTION_KEY: "2a".repeat(32),
  ENGINE_WORKERS: "1",
  LOG_LEVEL: "warn",
  DEMO_SEED: "false",
};
const ports = [3131, 3132];
const instances: ChildProcess[] = [];
let live = "";
/** Test-mode tokens: one for the rate-limit test (it drains its bucket), one for the rest. */
let drained = "";
let test_ = "";
let userId = "";

async function admin(sql: string, params: unknown[] = [], url = ADMIN_URL) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows;
  } finally {
    await client.end();
  }
}

function cli(...args: string[]): string {
  const out = execFileSync("npx", ["tsx", "cli/credence.ts", ...args], { env, encoding: "utf8" });
  return out.trim().split("\n").at(-1)!;
}

async function start(port: number) {
  const child = spawn("npx", ["tsx", "server.ts", "-p", String(port), "-H", "127.0.0.1"], {
    env,
    detached: true,
    stdio: "ignore",
  });
  instances.push(child);
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`instance on ${port} exited with ${child.exitCode}`);
    // Bodies are read so connections return to the pool at once (AppInstance.start in support/crash says why).
    if (
      await fetch(`http://127.0.0.1:${port}/healthz`).then(
        async (r) => {
          await r.arrayBuffer();
          return r.ok;
        },
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`instance on ${port} did not start`);
}

const base = (i: number) => `http://127.0.0.1:${ports[i % 2]}`;

function post(i: number, secret: string, body: object, key?: string) {
  return fetch(`${base(i)}/v1/verifications`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${secret}`,
      "content-type": "application/json",
      ...(key ? { "idempotency-key": key } : {}),
    },
    body: JSON.stringify(body),
  });
}

test.describe.configure({ mode: "serial", timeout: 240_000 });

test.beforeAll(async () => {
  test.setTimeout(300_000);
  await admin(`CREATE DATABASE ${dbName}`);
  execFileSync("npx", ["tsx", "prisma/migrate.ts", "deploy"], { env, stdio: "ignore" });
  userId = cli("users:create", "--email", `scale-${randomBytes(4).toString("hex")}@example.test`, "--plan", "pro");
  const email = (await admin(`SELECT email FROM users WHERE id = $1`, [userId], dbUrl))[0].email as string;
  drained = cli("tokens:create", "--email", email, "--mode", "test");
  test_ = cli("tokens:create", "--email", email, "--mode", "test");
  live = cli("tokens:create", "--email", email, "--mode", "live");
  await Promise.all(ports.map(start));
});

test.afterAll(async () => {
  for (const child of instances) {
    try {
      process.kill(-child.pid!, "SIGTERM");
    } catch {
      // already gone
    }
  }
  await new Promise((resolve) => setTimeout(resolve, 2000));
  await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => {});
});

test("one rate-limit bucket per token across instances", async () => {
  // Pro: burst 20, refilled at 10 per second. 40 requests at once, alternating instances: a bucket
  // per instance would let 20 + refill through on each; the shared one lets 20 + refill in all.
  const tokenId = (await admin(`SELECT id FROM api_tokens WHERE "userId" = $1 ORDER BY id LIMIT 1`, [userId], dbUrl))[0]
    .id as string;
  const started = Date.now();
  const answers = await Promise.all(
    Array.from({ length: 40 }, (_, i) =>
      fetch(`${base(i)}/v1/verifications?limit=1`, { headers: { authorization: `Bearer ${drained}` } }).then(
        async (r) => {
          await r.arrayBuffer();
          return { instance: i % 2, status: r.status, remaining: Number(r.headers.get("x-ratelimit-remaining")) };
        },
      ),
    ),
  );
  const refill = Math.ceil(((Date.now() - started) / 1000) * 10);
  const allowed = answers.filter((a) => a.status === 200);
  expect(allowed.length).toBeGreaterThanOrEqual(20);
  expect(allowed.length).toBeLessThanOrEqual(20 + refill);
  expect(answers.filter((a) => a.status !== 200).every((a) => a.status === 429)).toBe(true);
  // Both instances took from the one bucket row of the token.
  expect(new Set(allowed.map((a) => a.instance))).toEqual(new Set([0, 1]));
  const buckets = await admin(
    `SELECT count(*)::int AS n FROM rate_limit_buckets WHERE "tokenId" = $1`,
    [tokenId],
    dbUrl,
  );
  expect(buckets[0].n).toBe(1);
});

test("one verification per Idempotency-Key, whichever instance answers", async () => {
  const key = `scale-${randomBytes(6).toString("hex")}`;
  const body = {
    document_base64: Buffer.from(`credence-test:VERIFIED ${key}`).toString("base64"),
    content_type: "application/pdf",
  };
  const answers = await Promise.all([0, 1, 2, 3].map((i) => post(i, test_, body, key)));
  const ids = await Promise.all(
    answers.map(async (r) => {
      expect(r.status).toBe(200);
      return ((await r.json()) as { id: string }).id;
    }),
  );
  expect(new Set(ids).size).toBe(1);
  const rows = await admin(
    `SELECT count(*)::int AS n FROM verifications WHERE "userId" = $1 AND id = ANY($2)`,
    [userId, ids],
    dbUrl,
  );
  expect(rows[0].n).toBe(1);
});

test("no credit charged twice: a live retry on the other instance, and a race for the last credit", async () => {
  const pdf = Buffer.from(await diplomaPdf(`Scale Out ${Date.now()}`)).toString("base64");
  const body = { document_base64: pdf, content_type: "application/pdf" };
  const balance = async () =>
    (await admin(`SELECT "creditBalance" AS b FROM users WHERE id = $1`, [userId], dbUrl))[0].b as number;
  const key = `live-${randomBytes(6).toString("hex")}`;
  const before = await balance();
  const both = await Promise.all([post(0, live, body, key), post(1, live, body, key)]);
  const verified = await Promise.all(
    both.map(async (r) => (await r.json()) as { id: string; credits_charged: number }),
  );
  expect(both.map((r) => r.status)).toEqual([200, 200]);
  expect(verified[0].id).toBe(verified[1].id);
  expect(await balance()).toBe(before - 1);

  // One credit left, two live uploads at once on the two instances: one is charged, one refused.
  await admin(`UPDATE users SET "creditBalance" = 1 WHERE id = $1`, [userId], dbUrl);
  const race = await Promise.all([
    post(0, live, body),
    post(1, live, {
      ...body,
      document_base64: Buffer.from(await diplomaPdf(`Other ${Date.now()}`)).toString("base64"),
    }),
  ]);
  await Promise.all(race.map((r) => r.arrayBuffer()));
  const statuses = race.map((r) => r.status).sort();
  expect(statuses).toEqual([200, 429]);
  expect(await balance()).toBe(0);
  const ledger = await admin(
    `SELECT count(*)::int AS n FROM credit_ledger WHERE "userId" = $1 AND reason = 'verification'`,
    [userId],
    dbUrl,
  );
  const charged = await admin(
    `SELECT count(*)::int AS n FROM verifications WHERE "userId" = $1 AND livemode AND "creditsCharged" > 0`,
    [userId],
    dbUrl,
  );
  expect(ledger[0].n).toBe(charged[0].n);
});
