import type { MigrationSession, Log } from "./session";
import { readMigrationsList } from "./migrations-dir";

/**
 * `prisma migrate resolve`: after fixing a failed migration by hand, mark it rolled back (so deploy
 * runs it again) or applied (so deploy skips it).
 */
export async function resolveMigration(
  session: MigrationSession,
  migrationsDir: string,
  choice: { rolledBack?: string; applied?: string },
  log: Log,
): Promise<void> {
  if (Boolean(choice.rolledBack) === Boolean(choice.applied)) {
    throw new Error("resolve needs exactly one of --rolled-back <name> or --applied <name>.");
  }
  if (choice.rolledBack) {
    await session.engine.markMigrationRolledBack({ migrationName: choice.rolledBack });
    log(`Migration ${choice.rolledBack} marked as rolled back.`);
    return;
  }
  const migrationName = choice.applied as string;
  await session.engine.markMigrationApplied({ migrationName, migrationsList: await readMigrationsList(migrationsDir) });
  log(`Migration ${migrationName} marked as applied.`);
}
