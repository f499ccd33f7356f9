// The one way to run SQL that Prisma cannot carry fast enough (each statement is a file beside this
// one, with its row type, and a test showing it answers what the Prisma path answers). Statements
// are Prisma.Sql values (Prisma.sql`…`, parameters bound, never spliced), so the same value runs
// two ways:
// - on PostgreSQL, from the process's own client: on one node-postgres pool, skipping Prisma's
//   per-query work (about 1 ms of CPU: compile, interpret, map);
// - inside a transaction, or on the embedded PGlite: through the given client's $queryRaw, so it
//   joins the transaction.
// Rows have the models' shape either way: timestamps as Dates (stored as UTC, read as UTC), jsonb
// parsed, enums as strings. Cast parameters in the SQL (${x}::text) and pass dates as ISO strings.
import pg from "pg";
import { loadEnv } from "../../env";
import type { DbClient, Prisma } from "../index";
import { getDb } from "../index";

const TIMESTAMP = 1114; // timestamp without time zone: Prisma's DateTime, always UTC

const utcTypes = {
  getTypeParser(oid: number, format?: "text" | "binary") {
    if (oid === TIMESTAMP && format !== "binary") return (value: string) => new Date(`${value.replace(" ", "T")}Z`);
    return pg.types.getTypeParser(oid, format);
  },
};

/** Kept on globalThis like the Prisma client (`next dev` re-evaluates modules). */
const shared = globalThis as { __credenceStatementPool?: { pool: pg.Pool; url: string } };

/** The statement pool on the configured PostgreSQL; null on the embedded PGlite. */
function statementPool(): pg.Pool | null {
  const url = loadEnv().DATABASE_URL;
  if (!url) return null;
  const cached = shared.__credenceStatementPool;
  if (cached?.url === url) return cached.pool;
  void cached?.pool.end().catch(() => {});
  const pool = new pg.Pool({ connectionString: url, max: 8, types: utcTypes, allowExitOnIdle: true });
  pool.on("error", () => {}); // an idle client's error: the next query reconnects
  shared.__credenceStatementPool = { pool, url };
  return pool;
}

export async function runStatement<Row>(db: DbClient, statement: Prisma.Sql): Promise<Row[]> {
  const pool = statementPool();
  if (pool && db === (await getDb())) return (await pool.query(statement.text, statement.values)).rows as Row[];
  return db.$queryRaw<Row[]>(statement);
}

/** Whether statements on `db` run on the pool (tests check both paths). */
export async function runsOnPool(db: DbClient): Promise<boolean> {
  return statementPool() !== null && db === (await getDb());
}
