import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { readMigrationsList, writeMigration } from "./migrate/migrations-dir";

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("migrations directory", () => {
  it("lists migration directories in name order with their scripts, as Prisma's CLI does", async () => {
    dir = mkdtempSync(path.join(tmpdir(), "credence-migrations-"));
    for (const name of ["20260102000000_b", "20260101000000_a"]) {
      mkdirSync(path.join(dir, name));
      writeFileSync(path.join(dir, name, "migration.sql"), `-- ${name}\n`);
    }
    mkdirSync(path.join(dir, "20260103000000_empty"));
    writeFileSync(path.join(dir, "migration_lock.toml"), 'provider = "postgresql"\n');

    const list = await readMigrationsList(dir);
    expect(list.baseDir).toBe(dir);
    expect(list.lockfile).toEqual({ path: "migration_lock.toml", content: 'provider = "postgresql"\n' });
    expect(list.migrationDirectories.map((d) => d.path)).toEqual([
      "20260101000000_a",
      "20260102000000_b",
      "20260103000000_empty",
    ]);
    expect(list.migrationDirectories[0].migrationFile).toEqual({
      path: "migration.sql",
      content: { tag: "ok", value: "-- 20260101000000_a\n" },
    });
    expect(list.migrationDirectories[2].migrationFile.content.tag).toBe("error");
  });

  it("reads a missing directory as no migrations", async () => {
    dir = path.join(tmpdir(), `credence-missing-${Date.now()}`);
    const list = await readMigrationsList(dir);
    expect(list.migrationDirectories).toEqual([]);
    expect(list.lockfile.content).toBeNull();
  });

  it("writes a migration and the lock file, creating the directory, and never overwrites one", async () => {
    dir = mkdtempSync(path.join(tmpdir(), "credence-migrations-"));
    const migrationsDir = path.join(dir, "migrations");
    const migration = {
      name: "20260101000000_init",
      script: "CREATE TABLE t (id int);\n",
      extension: "sql",
      connectorType: "postgresql",
    };
    await writeMigration(migrationsDir, migration);

    expect(readFileSync(path.join(migrationsDir, migration.name, "migration.sql"), "utf8")).toBe(migration.script);
    expect(readFileSync(path.join(migrationsDir, "migration_lock.toml"), "utf8")).toContain('provider = "postgresql"');
    await expect(writeMigration(migrationsDir, migration)).rejects.toThrow(/Cannot create/);
  });
});
