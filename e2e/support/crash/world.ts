// What the crash tests stand on: a fresh PostgreSQL database (refused on a non-local server), the
// environment every app instance of one test shares (same database, same data directory, same keys),
// users and tokens made with the operator CLI, and read access to the database for the assertions.
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";

const run = promisify(execFile);
const LOCAL_HOSTS = new Set(["127.0.0.1", "localhost", "::1", "[::1]"]);

export interface World {
  databaseUrl: string;
  dataDir: string;
  env: NodeJS.ProcessEnv;
  db: pg.Pool;
  drop(): Promise<void>;
}

export async function createWorld(): Promise<World> {
  const admin = new URL(process.env.TEST_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres");
  if (!LOCAL_HOSTS.has(admin.hostname)) throw new Error(`Refusing to create a database on ${admin.hostname}.`);
  const name = `credence_crash_${Date.now()}_${randomBytes(3).toString("hex")}`;
  await adminQuery(admin, `CREATE DATABASE ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), "credence-crash-"));
  const env: NodeJS.ProcessEnv = {
    DATABASE_URL: url.toString(),
    CREDENCE_DATA_DIR: dataDir,
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    AUTH_SECRET: "crash-auth-secret-0123456789abcdefghijklmnopqrstuvwxyz",
    CREDENCE_ENCRYPTION_KEY: "1".repeat(64),
    JOB_ENGINE: "embedded",
    INNGEST_EVENT_KEY: "",
    DEMO_SEED: "false",
    WEBHOOK_TIME_SCALE: "0.1",
    FETCH_ALLOW_PRIVATE: "true",
    FETCH_HTTP_ALLOWLIST: "127.0.0.1",
    // Long enough that a held document is still being fetched when the process is killed.
    FETCH_TIMEOUT_MS: "60000",
    RATE_LIMIT_SCALE: "1000",
    SMTP_URL: "",
  };
  const db = new pg.Pool({ connectionString: url.toString(), max: 2 });
  // An idle client the server drops must not take the test worker down with an unhandled 'error'
  // event: the pool replaces it on the next query, and the console says it happened.
  db.on("error", (error) => console.log(`crash world: an idle database connection was dropped: ${error.message}`));
  return {
    databaseUrl: url.toString(),
    dataDir,
    env,
    db,
    async drop() {
      await db.end();
      await adminQuery(admin, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/** Applies the migrations once, so app instances can then start side by side. */
export async function migrate(world: World): Promise<void> {
  await run("npx", ["tsx", "prisma/migrate.ts", "deploy"], { env: { ...process.env, ...world.env } });
}

/** Runs the operator CLI (npm run credence) against the world's database; answers its last line. */
export async function cli(world: World, ...args: string[]): Promise<string> {
  const { stdout } = await run("npx", ["tsx", "cli/credence.ts", ...args], {
    env: { ...process.env, ...world.env },
    maxBuffer: 1 << 20,
  });
  return stdout.trim().split("\n").at(-1)!.trim();
}

/** A Business user with a test and a live token, and a password to sign in to the application. */
export async function businessUser(
  world: World,
): Promise<{ userId: string; test: string; live: string; email: string; password: string }> {
  const email = `crash-${randomBytes(4).toString("hex")}@credence.local`;
  const password = randomBytes(12).toString("hex");
  await cli(world, "users:create", "--email", email, "--plan", "business", "--password", password);
  const [test, live] = await Promise.all([
    cli(world, "tokens:create", "--email", email, "--mode", "test"),
    cli(world, "tokens:create", "--email", email, "--mode", "live"),
  ]);
  const { rows } = await world.db.query<{ id: string }>("SELECT id FROM users WHERE email = $1", [email]);
  return { userId: rows[0].id, test, live, email, password };
}

async function adminQuery(url: URL, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `probe` until it returns a value other than undefined, or fails after `timeoutMs`. */
export async function until<T>(what: string, timeoutMs: number, probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs / 1000} s waiting for ${what}.`);
    await sleep(250);
  }
}
