// Integration tests run against a real PostgreSQL: one database per test worker and project, each
// cloned from a template migrated once with the project's own migrations, all dropped afterwards.
// Test files run in parallel across workers; inside a worker they run one after another on that
// worker's database and data directory. Refuses anything but a local server.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { migrateDatabase } from "../../lib/db/migrate-embedded";

declare module "vitest" {
  export interface ProvidedContext {
    /** Database URL per worker, indexed by VITEST_POOL_ID - 1. */
    databaseUrls: string[];
    /** Data directory per worker, indexed like databaseUrls. */
    dataDirs: string[];
  }
}

const LOCAL_HOSTS = new Set(["127.0.0.1", "localhost", "::1", "[::1]"]);

export default async function setup(project: TestProject) {
  const admin = new URL(process.env.TEST_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres");
  if (!LOCAL_HOSTS.has(admin.hostname)) {
    throw new Error(`Refusing to create test databases on non-local host ${admin.hostname}.`);
  }
  const workers = Math.max(1, Number(project.config.maxWorkers) || 1);
  const { template, names } = await inTurn(async () => {
    shared.template ??= await migratedTemplate(admin);
    shared.users += 1;
    const prefix = `${shared.template}_p${(shared.projects += 1)}`;
    return { template: shared.template, names: Array.from({ length: workers }, (_, i) => `${prefix}_w${i + 1}`) };
  });
  const dataDirs = names.map(() => mkdtempSync(path.join(tmpdir(), "credence-test-")));
  const teardown = () =>
    inTurn(async () => {
      shared.users -= 1;
      for (const name of shared.users === 0 ? [...names, template] : names) {
        await adminQuery(admin, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      }
      if (shared.users === 0) shared.template = undefined;
      for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    });

  try {
    await inTurn(async () => {
      // Cloning a template copies its files: much faster than migrating every worker's database.
      for (const name of names) {
        await adminQuery(admin, `CREATE DATABASE ${name} TEMPLATE ${template}`);
        // Test data need not survive a crash of the server: not waiting for each commit's WAL flush
        // makes the suite's many small transactions several times faster on a busy disk.
        await adminQuery(admin, `ALTER DATABASE ${name} SET synchronous_commit = off`);
      }
    });
  } catch (error) {
    await teardown();
    throw error;
  }
  project.provide(
    "databaseUrls",
    names.map((name) => urlOf(admin, name)),
  );
  project.provide("dataDirs", dataDirs);
  return teardown;
}

// Both integration projects (vitest.config.mts) set up in this one process. They share one migrated
// template and take turns: Prisma's schema engine cannot migrate twice at once in one process, and
// PostgreSQL clones a template only while no one else is connected to it.
type SharedSetup = { turn: Promise<unknown>; template?: string; users: number; projects: number };
const shared = ((globalThis as { credenceTestDatabases?: SharedSetup }).credenceTestDatabases ??= {
  turn: Promise.resolve(),
  users: 0,
  projects: 0,
});

function inTurn<T>(work: () => Promise<T>): Promise<T> {
  const result = shared.turn.then(work);
  shared.turn = result.catch(() => undefined);
  return result;
}

async function migratedTemplate(admin: URL): Promise<string> {
  const template = `credence_test_${Date.now()}_${randomBytes(3).toString("hex")}`;
  await adminQuery(admin, `CREATE DATABASE ${template}`);
  try {
    await migrateDatabase({ databaseUrl: urlOf(admin, template) });
  } catch (error) {
    await adminQuery(admin, `DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
    throw error;
  }
  return template;
}

function urlOf(admin: URL, database: string): string {
  const url = new URL(admin);
  url.pathname = `/${database}`;
  return url.toString();
}

async function adminQuery(url: URL, sql: string) {
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
