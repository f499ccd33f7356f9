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
  const { appliedMigrationNames } = await session.engine.applyMigrations({ migrationsList, filters: noFilters });
  for (const name of appliedMigrationNames) log(`Applied migration ${name}`);
  if (appliedMigrationNames.length === 0) log("No pending migrations to apply.");
  return appliedMigrationNames;
}
