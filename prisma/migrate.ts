// Offline replacement for `prisma migrate deploy | dev | status` (Prisma's CLI downloads a native
// schema engine on every command; this runs the same engine compiled to WebAssembly).
//
//   tsx prisma/migrate.ts deploy
//   tsx prisma/migrate.ts dev <name> [--schema path] [--create-only] [--accept-data-loss]
//   tsx prisma/migrate.ts status [--no-drift]
//   tsx prisma/migrate.ts resolve --rolled-back <name> | --applied <name>
//   common: [--migrations dir]
//
// Target: DATABASE_URL (PostgreSQL; the database is created when missing), otherwise the embedded
// PGlite in $CREDENCE_DATA_DIR/pglite (default .data/pglite).
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { PGlite } from "@electric-sql/pglite";
import { deployMigrations } from "./migrate/deploy";
import { createMigration } from "./migrate/dev";
import { defaultSchemaPath } from "./migrate/migrations-dir";
import { describeTarget, openMigrationSession, type MigrationTarget } from "./migrate/session";
import { resolveMigration } from "./migrate/resolve";
import { migrationStatus } from "./migrate/status";

const usage = `Usage:
  tsx prisma/migrate.ts deploy
  tsx prisma/migrate.ts dev <name> [--schema <path>] [--create-only] [--accept-data-loss]
  tsx prisma/migrate.ts status [--no-drift]
  tsx prisma/migrate.ts resolve --rolled-back <name> | --applied <name>
Options for all: --migrations <dir> (default prisma/migrations)`;

async function openTarget(): Promise<{ target: MigrationTarget; close(): Promise<void> }> {
  const databaseUrl = process.env.DATABASE_URL?.trim();
  if (databaseUrl) return { target: { databaseUrl }, close: async () => {} };
  const dataDir = path.resolve(process.env.CREDENCE_DATA_DIR?.trim() || ".data", "pglite");
  await mkdir(dataDir, { recursive: true });
  const pglite = await PGlite.create(dataDir);
  return { target: { pglite }, close: () => pglite.close() };
}

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      schema: { type: "string" },
      migrations: { type: "string" },
      "create-only": { type: "boolean" },
      "accept-data-loss": { type: "boolean" },
      "no-drift": { type: "boolean" },
      "rolled-back": { type: "string" },
      applied: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  const [command, name] = positionals;
  if (values.help || !command) {
    console.log(usage);
    return values.help ? 0 : 2;
  }
  const migrationsDir = path.resolve(values.migrations ?? path.join("prisma", "migrations"));
  const log = (line: string) => console.log(line);

  const { target, close } = await openTarget();
  try {
    console.log(`Target: ${describeTarget(target)}`);
    const session = await openMigrationSession(target, log);
    try {
      switch (command) {
        case "deploy":
          await deployMigrations(session, migrationsDir, log);
          return 0;
        case "dev": {
          if (!name) throw new Error(`dev needs a migration name.\n${usage}`);
          await createMigration(
            session,
            {
              name,
              schemaPath: path.resolve(values.schema ?? defaultSchemaPath),
              migrationsDir,
              createOnly: values["create-only"],
              acceptDataLoss: values["accept-data-loss"],
            },
            log,
          );
          return 0;
        }
        case "status": {
          const status = await migrationStatus(session, migrationsDir, log, { checkDrift: !values["no-drift"] });
          return status.clean ? 0 : 1;
        }
        case "resolve":
          await resolveMigration(
            session,
            migrationsDir,
            { rolledBack: values["rolled-back"], applied: values.applied },
            log,
          );
          return 0;
        default:
          console.error(`Unknown command "${command}".\n${usage}`);
          return 2;
      }
    } finally {
      await session.close();
    }
  } finally {
    await close();
  }
}

const started = performance.now();
main(process.argv.slice(2)).then(
  (code) => {
    console.log(`Done in ${Math.round(performance.now() - started)} ms.`);
    // The wasm engine leaves a timer armed that would keep the process alive.
    process.exit(code);
  },
  (error: unknown) => {
    // Engine errors end in a Rust span trace ("   0: schema_engine_wasm::..."): not for users.
    const message = error instanceof Error ? error.message : String(error);
    console.error(message.split(/\n\s+0: /)[0]);
    process.exit(1);
  },
);
