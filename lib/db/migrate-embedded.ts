// Applies pending migrations from prisma/migrations, the same way `npm run db:migrate` does.
// The app calls it on start with its own PGlite handle (PGlite allows one open handle per
// directory, so the migration must run through the app's instance).
import path from "node:path";
import { deployMigrations } from "../../prisma/migrate/deploy";
import { openMigrationSession, type MigrationTarget } from "../../prisma/migrate/session";

export type { MigrationTarget };

export async function migrateDatabase(
  target: MigrationTarget,
  log: (line: string) => void = () => {},
  options: { migrationsDir?: string } = {},
): Promise<{ applied: string[] }> {
  const migrationsDir = options.migrationsDir ?? path.join(process.cwd(), "prisma", "migrations");
  const session = await openMigrationSession(target, log);
  try {
    return { applied: await deployMigrations(session, migrationsDir, log) };
  } finally {
    await session.close();
  }
}
