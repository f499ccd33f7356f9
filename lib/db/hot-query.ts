// The few statements every /v1 request runs (token lookup, reading a verification, storing a
// test-mode one) bypass Prisma's per-query work (compile, interpret, map; about 1 ms of CPU each)
// and go straight to a small node-postgres pool on the same database. On the embedded PGlite, and
// for any client but the process's own, the same SQL runs through the Prisma client given. Both return rows in the models' shape: timestamp columns as
// Dates (read as UTC, as Prisma stores them), jsonb parsed, enums as strings.
import pg from "pg";
import { loadEnv } from "../env";
import { getDb, type DbClient } from "./index";

const TIMESTAMP = 1114; // timestamp without time zone: Prisma's DateTime, always UTC

/** Type parsers for pools whose rows must match Prisma's: timestamps read as UTC. */
export const utcTypes = {
  getTypeParser(oid: number, format?: "text" | "binary") {
    if (oid === TIMESTAMP && format !== "binary") return (value: string) => new Date(`${value.replace(" ", "T")}Z`);
    return pg.types.getTypeParser(oid, format);
  },
};

/** Pools by name, kept on globalThis like the Prisma client (`next dev` re-evaluates modules). */
const pools: Map<string, { pool: pg.Pool; url: string }> = ((
  globalThis as { __credencePools?: Map<string, { pool: pg.Pool; url: string }> }
).__credencePools ??= new Map());

/**
 * A named pool on the configured PostgreSQL, made once (again when DATABASE_URL changes, as tests
 * do); null on the embedded PGlite, which has one connection and no pools.
 */
export function cachedPool(name: string, config: Omit<pg.PoolConfig, "connectionString">): pg.Pool | null {
  const url = loadEnv().DATABASE_URL;
  if (!url) return null;
  const cached = pools.get(name);
  if (cached?.url === url) return cached.pool;
  void cached?.pool.end().catch(() => {});
  const pool = new pg.Pool({ ...config, connectionString: url, types: utcTypes, allowExitOnIdle: true });
  pool.on("error", () => {}); // an idle client's error: the next query reconnects
  pools.set(name, { pool, url });
  return pool;
}

/** The pool of the PostgreSQL database; null on the embedded PGlite. */
export function hotPool(): pg.Pool | null {
  return cachedPool("hot", { max: 6 });
}

/**
 * The pool when `db` is the process's own PostgreSQL client; null for the embedded PGlite, for any
 * other client, and for a transaction (its statements must stay inside it).
 */
export async function hotPoolFor(db: DbClient): Promise<pg.Pool | null> {
  const pool = hotPool();
  if (!pool) return null;
  return db === (await getDb()) ? pool : null;
}

/**
 * One statement with $1… parameters. Cast every parameter in the SQL ($1::text, $2::timestamp(3))
 * and pass dates as ISO strings: both drivers then read them the same way.
 */
export async function hotQuery<T>(db: DbClient, sql: string, params: unknown[]): Promise<T[]> {
  const pool = await hotPoolFor(db);
  if (pool) return (await pool.query(sql, params)).rows as T[];
  return db.$queryRawUnsafe<T[]>(sql, ...params);
}
