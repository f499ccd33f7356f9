// A migration-aware driver adapter for PostgreSQL: @prisma/adapter-pg 7.10.0 with the three fixes
// the schema engine needs (see DESIGN.md, "Known traps").
import { randomUUID } from "node:crypto";
import type { SqlDriverAdapter, SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";

// The engine's introspection reads catalog columns of type "char" (oid 18) and name (oid 19),
// which adapter-pg rejects as unsupported. Both arrive from pg as plain strings, so relabelling
// the field as text (oid 25) is all it takes.
const TEXT_OID = 25;
const RELABELLED_OIDS = new Set([18, 19]);

function relabelFields<T>(result: T): T {
  const results = Array.isArray(result) ? result : [result];
  for (const r of results as { fields?: { dataTypeID: number }[] }[]) {
    for (const field of r?.fields ?? []) {
      if (RELABELLED_OIDS.has(field.dataTypeID)) field.dataTypeID = TEXT_OID;
    }
  }
  return result;
}

class CatalogTextClient extends pg.Client {
  // pg.Client#query has many overloads; the pool calls it with a callback, adapter-pg without.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  override query(...args: any[]): any {
    const last = args.at(-1);
    if (typeof last === "function") {
      args[args.length - 1] = (err: Error | null, res: unknown) => last(err, res && relabelFields(res));
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      return (super.query as any)(...args);
    }
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const ret = (super.query as any)(...args);
    return ret && typeof ret.then === "function" ? ret.then(relabelFields) : ret;
  }
}

export function withDatabase(databaseUrl: string, database: string): string {
  const url = new URL(databaseUrl);
  url.pathname = `/${encodeURIComponent(database)}`;
  return url.toString();
}

export function databaseName(databaseUrl: string): string {
  const name = decodeURIComponent(new URL(databaseUrl).pathname.replace(/^\//, ""));
  if (!name) throw new Error(`DATABASE_URL names no database: ${redact(databaseUrl)}`);
  return name;
}

export function redact(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  if (url.password) url.password = "***";
  return url.toString();
}

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Creates the database DATABASE_URL names when it does not exist yet (connecting to `postgres`). */
export async function ensureDatabase(databaseUrl: string): Promise<boolean> {
  const name = databaseName(databaseUrl);
  const admin = new pg.Client({ connectionString: withDatabase(databaseUrl, "postgres") });
  await admin.connect();
  try {
    const { rowCount } = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (rowCount) return false;
    try {
      await admin.query(`CREATE DATABASE ${quoteIdent(name)}`);
    } catch (error) {
      // Another process created it between the check and the create.
      if ((error as { code?: string }).code !== "42P04") throw error;
    }
    return true;
  } finally {
    await admin.end();
  }
}

export async function dropDatabase(databaseUrl: string): Promise<void> {
  const admin = new pg.Client({ connectionString: withDatabase(databaseUrl, "postgres") });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${quoteIdent(databaseName(databaseUrl))} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

// adapter-pg splits scripts on ";", which breaks $$-quoted function bodies. A whole script sent
// as one simple query runs atomically, as the native schema engine runs it.
function runScriptsWhole(adapter: SqlDriverAdapter & { underlyingDriver(): pg.Pool }, onDispose?: () => Promise<void>) {
  return Object.assign(Object.create(adapter) as SqlDriverAdapter, {
    async executeScript(script: string) {
      try {
        await adapter.underlyingDriver().query(script);
      } catch (error) {
        // Let adapter-pg turn the pg error into the DriverAdapterError the engine understands.
        (adapter as unknown as { onError(e: unknown): never }).onError(error);
      }
    },
    async dispose() {
      await adapter.dispose();
      await onDispose?.();
    },
  });
}

function connectPool(databaseUrl: string) {
  const pool = new pg.Pool({ connectionString: databaseUrl, Client: CatalogTextClient, max: 2 });
  return new PrismaPg(pool, { disposeExternalPool: true }).connect();
}

export function pgMigrationAdapter(databaseUrl: string): SqlMigrationAwareDriverAdapterFactory {
  const base = new PrismaPg(databaseUrl);
  return {
    provider: base.provider,
    adapterName: base.adapterName,
    async connect() {
      return runScriptsWhole(await connectPool(databaseUrl));
    },
    // adapter-pg's own shadow database ignores the database name when given a connection
    // string, so it would migrate the main database. Build a throwaway database instead.
    async connectToShadowDb() {
      const shadowUrl = withDatabase(databaseUrl, `prisma_migrate_shadow_${randomUUID().replaceAll("-", "")}`);
      await ensureDatabase(shadowUrl);
      try {
        return runScriptsWhole(await connectPool(shadowUrl), () => dropDatabase(shadowUrl));
      } catch (error) {
        await dropDatabase(shadowUrl);
        throw error;
      }
    },
  };
}
