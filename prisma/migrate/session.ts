// One schema engine over one target database, with the connections it opens tracked so they can
// all be closed afterwards (the engine does not close them when freed).
import type { PGlite } from "@electric-sql/pglite";
import type { SqlDriverAdapter, SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import type { SchemaFilter } from "@prisma/schema-engine-wasm";
import { openSchemaEngine, type SchemaEngine } from "./engine";
import { ensureDatabase, pgMigrationAdapter, redact } from "./pg-adapter";
import { pgliteMigrationAdapter } from "./pglite-adapter";

/** Where migrations go: PostgreSQL by URL, or an open PGlite owned by the caller. */
export type MigrationTarget = { databaseUrl?: string; pglite?: PGlite };

export type Log = (line: string) => void;

export const noFilters: SchemaFilter = { externalTables: [], externalEnums: [] };

export type MigrationSession = { engine: SchemaEngine; close(): Promise<void> };

function trackConnections(factory: SqlMigrationAwareDriverAdapterFactory) {
  const open = new Set<SqlDriverAdapter>();
  const track = (adapter: SqlDriverAdapter): SqlDriverAdapter => {
    open.add(adapter);
    return Object.assign(Object.create(adapter) as SqlDriverAdapter, {
      async dispose() {
        if (open.delete(adapter)) await adapter.dispose();
      },
    });
  };
  const tracked: SqlMigrationAwareDriverAdapterFactory = {
    provider: factory.provider,
    adapterName: factory.adapterName,
    connect: async () => track(await factory.connect()),
    connectToShadowDb: async () => track(await factory.connectToShadowDb()),
  };
  const closeAll = async () => {
    const adapters = [...open];
    open.clear();
    await Promise.allSettled(adapters.map((adapter) => adapter.dispose()));
  };
  return { tracked, closeAll };
}

export function describeTarget(target: MigrationTarget): string {
  if (target.pglite) return `PGlite ${target.pglite.dataDir ?? "(in memory)"}`;
  if (target.databaseUrl) return `PostgreSQL ${redact(target.databaseUrl)}`;
  throw new Error("No migration target: pass a databaseUrl or a PGlite instance.");
}

export async function openMigrationSession(target: MigrationTarget, log: Log): Promise<MigrationSession> {
  let factory: SqlMigrationAwareDriverAdapterFactory;
  if (target.pglite) {
    factory = pgliteMigrationAdapter(target.pglite);
  } else if (target.databaseUrl) {
    if (await ensureDatabase(target.databaseUrl)) log(`Created database ${redact(target.databaseUrl)}`);
    factory = pgMigrationAdapter(target.databaseUrl);
  } else {
    throw new Error("No migration target: pass a databaseUrl or a PGlite instance.");
  }
  const { tracked, closeAll } = trackConnections(factory);
  const engine = await openSchemaEngine(tracked);
  return {
    engine,
    async close() {
      engine.free();
      await closeAll();
    },
  };
}
