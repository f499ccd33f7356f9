// Integration tests run against a real PostgreSQL: a fresh database per run, migrated with the
// project's own migrations, dropped afterwards. Refuses anything but a local server.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { migrateDatabase } from "../../lib/db/migrate-embedded";

declare module "vitest" {
  export interface ProvidedContext {
    databaseUrl: string;
    dataDir: string;
  }
}

const LOCAL_HOSTS = new Set(["127.0.0.1", "localhost", "::1", "[::1]"]);

export default async function setup(project: TestProject) {
  const admin = new URL(process.env.TEST_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres");
  if (!LOCAL_HOSTS.has(admin.hostname)) {
    throw new Error(`Refusing to create test databases on non-local host ${admin.hostname}.`);
  }
  const name = `credence_test_${Date.now()}_${randomBytes(3).toString("hex")}`;
  await adminQuery(admin, `CREATE DATABASE ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  await migrateDatabase({ databaseUrl: url.toString() });
  project.provide("databaseUrl", url.toString());
  // One data directory for the run, like the one database: a job queued by one test file and
  // picked up by another's workers must find the same files and keys.
  const dataDir = mkdtempSync(path.join(tmpdir(), "credence-test-"));
  project.provide("dataDir", dataDir);
  return async () => {
    await adminQuery(admin, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    rmSync(dataDir, { recursive: true, force: true });
  };
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
