// The offline migration tool against real databases: each test makes its own PostgreSQL database
// (dropped afterwards) or an in-memory PGlite, and its own copy of the migrations where it adds one.
import { randomBytes } from "node:crypto";
import {
  appendFileSync,
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { migrateDatabase } from "../lib/db/migrate-embedded";
import { dropDatabase, withDatabase } from "./migrate/pg-adapter";
import { openMigrationSession } from "./migrate/session";
import { createMigration } from "./migrate/dev";
import { migrationStatus } from "./migrate/status";

const serverUrl = process.env.TEST_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
const projectMigrations = path.join(__dirname, "migrations");
const projectMigrationNames = readdirSync(projectMigrations, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

function scratchDatabase(): string {
  const url = withDatabase(serverUrl, `credence_migrate_test_${Date.now()}_${randomBytes(3).toString("hex")}`);
  cleanups.push(() => dropDatabase(url));
  return url;
}

function migrationsCopyWith(name: string, sql: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), "credence-migrations-"));
  cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
  cpSync(projectMigrations, dir, { recursive: true });
  mkdirSync(path.join(dir, name));
  writeFileSync(path.join(dir, name, "migration.sql"), sql);
  return dir;
}

async function query<T extends pg.QueryResultRow>(databaseUrl: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

async function statusOf(databaseUrl: string, migrationsDir = projectMigrations) {
  const session = await openMigrationSession({ databaseUrl }, () => {});
  try {
    return await migrationStatus(session, migrationsDir, () => {});
  } finally {
    await session.close();
  }
}

describe("deploy on PostgreSQL", () => {
  const databaseUrl = scratchDatabase();

  it("creates the database, applies every migration and records each as Prisma does", async () => {
    const { applied } = await migrateDatabase({ databaseUrl });
    expect(applied).toEqual(projectMigrationNames);

    const rows = await query<{
      migration_name: string;
      checksum: string;
      finished_at: Date | null;
      logs: string | null;
    }>(
      databaseUrl,
      "SELECT migration_name, checksum, finished_at, logs FROM _prisma_migrations ORDER BY migration_name",
    );
    expect(rows.map((row) => row.migration_name)).toEqual(projectMigrationNames);
    for (const row of rows) {
      expect(row.checksum).toMatch(/^[0-9a-f]{64}$/);
      expect(row.finished_at).toBeInstanceOf(Date);
      expect(row.logs).toBeNull();
    }
    const tables = await query<{ n: number }>(
      databaseUrl,
      "SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = 'public' AND table_name = 'users'",
    );
    expect(tables[0].n).toBe(1);
  });

  it("applies nothing the second time", async () => {
    const lines: string[] = [];
    const { applied } = await migrateDatabase({ databaseUrl }, (line) => lines.push(line));
    expect(applied).toEqual([]);
    expect(lines).toContain("No pending migrations to apply.");
  });

  it("reports a clean status, then drift after a manual change", async () => {
    expect(await statusOf(databaseUrl)).toMatchObject({ clean: true, pending: [], failed: [], drift: null });

    await query(databaseUrl, 'ALTER TABLE users ADD COLUMN "notInSchema" integer');
    const drifted = await statusOf(databaseUrl);
    expect(drifted.clean).toBe(false);
    expect(drifted.drift).toContain("notInSchema");
  });
});

describe("migrations with function bodies and failures", () => {
  it("applies a migration whose $$ body contains semicolons", async () => {
    const databaseUrl = scratchDatabase();
    const migrationsDir = migrationsCopyWith(
      "29990101000000_function_body",
      `CREATE FUNCTION credence_add(a integer, b integer) RETURNS integer AS $$
DECLARE total integer;
BEGIN
  total := a + b;
  RETURN total;
END;
$$ LANGUAGE plpgsql;
`,
    );
    const { applied } = await migrateDatabase({ databaseUrl }, undefined, { migrationsDir });
    expect(applied.at(-1)).toBe("29990101000000_function_body");
    expect(await query<{ sum: number }>(databaseUrl, "SELECT credence_add(2, 3) AS sum")).toEqual([{ sum: 5 }]);
  });

  it("leaves nothing of a failing migration behind, records it failed and reports it in status", async () => {
    const databaseUrl = scratchDatabase();
    const name = "29990101000000_broken";
    const migrationsDir = migrationsCopyWith(
      name,
      "CREATE TABLE half_done (id integer);\nSELECT * FROM no_such_table;\n",
    );

    await expect(migrateDatabase({ databaseUrl }, undefined, { migrationsDir })).rejects.toThrow(/no_such_table/);
    const leftovers = await query(
      databaseUrl,
      "SELECT 1 FROM information_schema.tables WHERE table_name = 'half_done'",
    );
    expect(leftovers).toEqual([]);
    const rows = await query<{ finished_at: Date | null }>(
      databaseUrl,
      `SELECT finished_at FROM _prisma_migrations WHERE migration_name = '${name}'`,
    );
    expect(rows).toEqual([{ finished_at: null }]);
    expect(await statusOf(databaseUrl, migrationsDir)).toMatchObject({ clean: false, failed: [name] });
  });

  it("reports pending migrations in status", async () => {
    const databaseUrl = scratchDatabase();
    await migrateDatabase({ databaseUrl });
    const migrationsDir = migrationsCopyWith("29990101000000_later", "CREATE TABLE later (id integer);\n");
    expect(await statusOf(databaseUrl, migrationsDir)).toMatchObject({
      clean: false,
      pending: ["29990101000000_later"],
    });
  });
});

describe("dev", () => {
  // Prisma's schema engine diffs two databases: a minute alone on a loaded two-core machine.
  it("turns a schema change into one incremental migration, then finds nothing more to do", async () => {
    const databaseUrl = scratchDatabase();
    const dir = mkdtempSync(path.join(tmpdir(), "credence-dev-"));
    cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
    const migrationsDir = path.join(dir, "migrations");
    cpSync(projectMigrations, migrationsDir, { recursive: true });
    const schemaPath = path.join(dir, "schema.prisma");
    cpSync(path.join(__dirname, "schema.prisma"), schemaPath);
    appendFileSync(schemaPath, "\nmodel ScratchThing {\n  id    String @id\n  label String\n}\n");

    const run = async (name: string) => {
      const session = await openMigrationSession({ databaseUrl }, () => {});
      try {
        return await createMigration(session, { name, schemaPath, migrationsDir }, () => {});
      } finally {
        await session.close();
      }
    };

    const first = await run("add_scratch_thing");
    expect(first.created).toMatch(/^\d{14}_add_scratch_thing$/);
    expect(first.applied).toEqual([...projectMigrationNames, first.created]);
    const script = readFileSync(path.join(migrationsDir, first.created as string, "migration.sql"), "utf8");
    expect(script).toContain('CREATE TABLE "ScratchThing"');
    expect(script).not.toContain('CREATE TABLE "users"');

    const second = await run("nothing");
    expect(second).toEqual({ created: null, applied: [] });
    expect(readdirSync(migrationsDir).filter((name) => name.endsWith("_nothing"))).toEqual([]);
  }, 180_000);
});

// A PGlite from the other module build (ESM vs CommonJS) throws database errors of another class.
function withForeignErrors(pglite: PGlite): PGlite {
  const foreign = (error: unknown) => {
    if (error instanceof Error && "severity" in error) throw Object.assign(new Error(error.message), { ...error });
    throw error;
  };
  return new Proxy(pglite, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        const result: unknown = value.apply(target, args);
        return result instanceof Promise ? result.catch(foreign) : result;
      };
    },
  });
}

describe("deploy on PGlite", () => {
  // One in-memory PGlite for both (each full migration costs seconds of wasm): the first run through
  // a PGlite of the other module build's error classes, the second through the caller's own handle.
  it("understands database errors of the other module build, and leaves the caller's handle open", async () => {
    const pglite = await PGlite.create();
    try {
      expect((await migrateDatabase({ pglite: withForeignErrors(pglite) })).applied).toEqual(projectMigrationNames);
      expect((await migrateDatabase({ pglite })).applied).toEqual([]);
      const { rows } = await pglite.query<{ migration_name: string }>(
        "SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL ORDER BY migration_name",
      );
      expect(rows.map((row) => row.migration_name)).toEqual(projectMigrationNames);
    } finally {
      await pglite.close();
    }
  });
});
