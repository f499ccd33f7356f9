// Integration tests run against a real PostgreSQL: one database per test worker, each cloned
// from a template migrated once with the project's own migrations, all dropped afterwards.
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
  const template = `credence_test_${Date.now()}_${randomBytes(3).toString("hex")}`;
  const names = Array.from({ length: workers }, (_, i) => `${template}_w${i + 1}`);
  const dataDirs = names.map(() => mkdtempSync(path.join(tmpdir(), "credence-test-")));
  const teardown = async () => {
    for (const name of [...names, template]) {
      await adminQuery(admin, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    }
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  };

  try {
    await adminQuery(admin, `CREATE DATABASE ${template}`);
    await migrateDatabase({ databaseUrl: urlOf(admin, template) });
    // Cloning a template copies its files: much faster than migrating every worker's database.
    for (const name of names) {
      await adminQuery(admin, `CREATE DATABASE ${name} TEMPLATE ${template}`);
      // Test data need not survive a crash of the server: not waiting for each commit's WAL flush
      // makes the suite's many small transactions several times faster on a busy disk.
      await adminQuery(admin, `ALTER DATABASE ${name} SET synchronous_commit = off`);
    }
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
