import type { MigrationSession, Log } from "./session";
import { noFilters } from "./session";
import { readMigrationsList } from "./migrations-dir";

export type StatusResult = {
  migrations: string[];
  pending: string[];
  failed: string[];
  edited: string[];
  /** Applied to the database but missing from the migrations directory. */
  unknown: string[];
  /** Why the database schema differs from what the migrations produce, when it does. */
  drift: string | null;
  clean: boolean;
};

/** `prisma migrate status`, plus a drift check against a shadow database. */
export async function migrationStatus(
  session: MigrationSession,
  migrationsDir: string,
  log: Log,
  { checkDrift = true } = {},
): Promise<StatusResult> {
  const migrationsList = await readMigrationsList(migrationsDir);
  const migrations = migrationsList.migrationDirectories.map((dir) => dir.path);
  const diagnosis = await session.engine.diagnoseMigrationHistory({
    migrationsList,
    optInToShadowDatabase: false,
    filters: noFilters,
  });
  const history = diagnosis.history;
  const pending = !diagnosis.hasMigrationsTable
    ? migrations
    : history && history.diagnostic !== "migrationsDirectoryIsBehind"
      ? history.unappliedMigrationNames
      : [];
  const unknown = history && history.diagnostic !== "databaseIsBehind" ? history.unpersistedMigrationNames : [];

  let drift: string | null = null;
  if (checkDrift && pending.length === 0 && unknown.length === 0 && diagnosis.failedMigrationNames.length === 0) {
    const { action } = await session.engine.devDiagnostic({ migrationsList, filters: noFilters });
    if (action.tag === "reset") drift = action.reason;
  }

  log(`${migrations.length} migration(s) in ${migrationsDir}`);
  for (const name of pending) log(`Pending: ${name}`);
  for (const name of diagnosis.failedMigrationNames) log(`Failed: ${name}`);
  for (const name of diagnosis.editedMigrationNames) log(`Edited after it was applied: ${name}`);
  for (const name of unknown) log(`Applied but not in the migrations directory: ${name}`);
  if (drift) log(`Drift: ${drift}`);

  const clean =
    pending.length === 0 &&
    unknown.length === 0 &&
    diagnosis.failedMigrationNames.length === 0 &&
    diagnosis.editedMigrationNames.length === 0 &&
    drift === null;
  if (clean) log("Database schema is up to date.");
  return {
    migrations,
    pending,
    failed: diagnosis.failedMigrationNames,
    edited: diagnosis.editedMigrationNames,
    unknown,
    drift,
    clean,
  };
}
