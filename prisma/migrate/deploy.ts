import type { MigrationList } from "@prisma/schema-engine-wasm";
import type { MigrationSession, Log } from "./session";
import { noFilters } from "./session";
import { readMigrationsList } from "./migrations-dir";

/** `prisma migrate deploy`: applies the pending migrations and records them in _prisma_migrations. */
export async function deployMigrations(session: MigrationSession, migrationsDir: string, log: Log): Promise<string[]> {
  const migrationsList = await readMigrationsList(migrationsDir);
  if (migrationsList.migrationDirectories.length === 0) {
    log(`No migrations found in ${migrationsDir}`);
    return [];
  }
  const history = await session.engine.diagnoseMigrationHistory({
    migrationsList,
    optInToShadowDatabase: false,
    filters: noFilters,
  });
  for (const name of history.editedMigrationNames) {
    log(`Warning: migration ${name} was modified after it was applied.`);
  }
  const { appliedMigrationNames } = await session.engine
    .applyMigrations({ migrationsList, filters: noFilters })
    .catch(async (error: unknown) => {
      throw await explainFailure(session, migrationsList, error);
    });
  for (const name of appliedMigrationNames) log(`Applied migration ${name}`);
  if (appliedMigrationNames.length === 0) log("No pending migrations to apply.");
  return appliedMigrationNames;
}

// The engine's own error names the SQL problem but not the migration, nor the way out.
async function explainFailure(session: MigrationSession, migrationsList: MigrationList, error: unknown) {
  const message = (error instanceof Error ? error.message : String(error)).split(/\n\s+0: /)[0];
  const history = await session.engine
    .diagnoseMigrationHistory({ migrationsList, optInToShadowDatabase: false, filters: noFilters })
    .catch(() => null);
  const failed = history?.failedMigrationNames ?? [];
  if (failed.length === 0) return error;
  return new Error(
    `Migration ${failed.join(", ")} failed: ${message}\n` +
      "Fix the migration or the database, then run " +
      `\`tsx prisma/migrate.ts resolve --rolled-back ${failed[0]}\` and deploy again.`,
    { cause: error },
  );
}
