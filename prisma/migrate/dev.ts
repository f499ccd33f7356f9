import { readFile } from "node:fs/promises";
import type { MigrationSession, Log } from "./session";
import { noFilters } from "./session";
import { readMigrationsList, writeMigration } from "./migrations-dir";
import { deployMigrations } from "./deploy";

export type DevOptions = {
  name: string;
  schemaPath: string;
  migrationsDir: string;
  /** Write the migration without applying it. */
  createOnly?: boolean;
  /** Go ahead although the migration drops data (the engine's warnings are printed either way). */
  acceptDataLoss?: boolean;
};

export type DevResult = { created: string | null; applied: string[] };

/** `prisma migrate dev`: brings the database up to date, then turns schema changes into a migration. */
export async function createMigration(session: MigrationSession, options: DevOptions, log: Log): Promise<DevResult> {
  const { engine } = session;
  const schema = { files: [{ path: options.schemaPath, content: await readFile(options.schemaPath, "utf8") }] };

  const diagnose = async () => {
    const diagnostic = await engine.devDiagnostic({
      migrationsList: await readMigrationsList(options.migrationsDir),
      filters: noFilters,
    });
    if (diagnostic.action.tag === "reset") {
      throw new Error(
        `The database must be reset before a new migration can be made: ${diagnostic.action.reason}\n` +
          "Drop and recreate it (its data is lost), then run this command again.",
      );
    }
  };
  await diagnose();
  const applied = await deployMigrations(session, options.migrationsDir, log);
  // evaluateDataLoss and createMigration fail ("shadow DB must be provided through an external
  // factory") unless devDiagnostic last ran on a database with every migration applied.
  if (applied.length > 0) await diagnose();

  const migrationsList = await readMigrationsList(options.migrationsDir);
  const dataLoss = await engine.evaluateDataLoss({ migrationsList, schema, filters: noFilters });
  for (const step of dataLoss.unexecutableSteps) log(`Cannot be applied: ${step.message}`);
  for (const step of dataLoss.warnings) log(`Warning: ${step.message}`);
  if (dataLoss.unexecutableSteps.length > 0) {
    throw new Error("The migration cannot be applied to this database as it stands (see above).");
  }
  if (dataLoss.warnings.length > 0 && !options.acceptDataLoss && !options.createOnly) {
    throw new Error("The migration would lose data (see above). Re-run with --accept-data-loss or --create-only.");
  }

  const migration = await engine.createMigration({
    draft: false,
    migrationName: options.name,
    migrationsList,
    schema,
    filters: noFilters,
  });
  if (migration.migrationScript === null) {
    log("The schema and the migrations are in sync: no new migration written.");
    return { created: null, applied };
  }
  const dir = await writeMigration(options.migrationsDir, {
    name: migration.generatedMigrationName,
    script: migration.migrationScript,
    extension: migration.extension,
    connectorType: migration.connectorType,
  });
  log(`Created migration ${dir}`);
  if (options.createOnly) return { created: migration.generatedMigrationName, applied };
  return {
    created: migration.generatedMigrationName,
    applied: [...applied, ...(await deployMigrations(session, options.migrationsDir, log))],
  };
}
