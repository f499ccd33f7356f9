// The one way to run SQL that Prisma cannot carry fast enough (each statement is a file beside this
// one, with its row type, and a test showing it answers what the Prisma path answers). Statements
// are Prisma.Sql values (Prisma.sql`…`, parameters bound, never spliced), so the same value runs
// two ways:
// - on PostgreSQL, from the process's own client: on one node-postgres pool, skipping Prisma's
//   per-query work (about 1 ms of CPU: compile, interpret, map);
// - inside a transaction, or on the embedded PGlite: through the given client's $queryRaw, so it
//   joins the transaction.
// A statement whose loss in a PostgreSQL crash means only work done again — the job queue's
// claims and completions, a webhook attempt's record (delivery is at least once) — may ask for a
// relaxed commit: it runs on a second pool whose sessions do not wait for the WAL to reach the
// disk (synchronous_commit off; a crash loses at most the last ~0.6 s of such commits, never
// consistency). On a loaded disk a durable commit costs ~10 ms, most of a webhook delivery's time.
// Rows have the models' shape either way: timestamps as Dates (stored as UTC, read as UTC), jsonb
// parsed, enums as strings. Cast parameters in the SQL (${x}::text) and pass dates as ISO strings.
import { createHash } from "node:crypto";
import pg from "pg";
import type { DbClient, Prisma } from "../index";
import { getDb, openedDatabaseUrl } from "../index";

const TIMESTAMP = 1114; // timestamp without time zone: Prisma's DateTime, always UTC

const utcTypes = {
  getTypeParser(oid: number, format?: "text" | "binary") {
    if (oid === TIMESTAMP && format !== "binary") return (value: string) => new Date(`${value.replace(" ", "T")}Z`);
    return pg.types.getTypeParser(oid, format);
  },
};

/** Whether a commit waits for the WAL to reach the disk (see the head of this file). */
type Commit = "durable" | "relaxed";
/**
 * How a prepared statement is planned: as PostgreSQL chooses (a generic plan once it judges one as
 * good as the plans made for each call's values) or always for the call's values. The queue's claim
 * is planned for its values: its generic plan ran four times slower in bench:webhooks (2.4 against
 * 0.5 ms per claim), and planning it takes less than that.
 */
type Plans = "chosen" | "custom";
export interface StatementOptions {
  commit?: Commit;
  plans?: Plans;
}

/**
 * The session settings of a pool. Relaxed: commits that do not wait for the disk, and no bitmap
 * scans. The relaxed statements read rows by primary key or, the queue's claim, the oldest due
 * jobs in index order. A bitmap scan cannot give that order, yet the planner picks one for a queue
 * partition it has no statistics for (until autovacuum analyses it, `name = …` looks rare); it then
 * read every due job to return the oldest hundred, and a claim cost more the longer the backlog.
 */
export function sessionOptions({ commit = "durable", plans = "chosen" }: StatementOptions): string {
  return [
    ...(commit === "relaxed" ? ["-c synchronous_commit=off", "-c enable_bitmapscan=off"] : []),
    ...(plans === "custom" ? ["-c plan_cache_mode=force_custom_plan"] : []),
  ].join(" ");
}

/** Kept on globalThis like the Prisma client (`next dev` re-evaluates modules), one per kind of session. */
const shared = globalThis as { __credenceStatementPools?: Record<string, { pool: pg.Pool; url: string }> };

/**
 * The statement pool on the PostgreSQL of the process's client (the environment may have changed
 * since it was opened: the pool follows the client, never the other way); null on the embedded PGlite.
 */
async function statementPool(db: DbClient, options: StatementOptions = {}): Promise<pg.Pool | null> {
  if (db !== (await getDb())) return null;
  const url = openedDatabaseUrl();
  if (!url) return null;
  const pools = (shared.__credenceStatementPools ??= {});
  const session = sessionOptions(options);
  const cached = pools[session];
  if (cached?.url === url) return cached.pool;
  void cached?.pool.end().catch(() => {});
  const pool = new pg.Pool({
    connectionString: url,
    max: 8,
    types: utcTypes,
    allowExitOnIdle: true,
    ...(session ? { options: session } : {}),
  });
  pool.on("error", () => {}); // an idle client's error: the next query reconnects
  pools[session] = { pool, url };
  return pool;
}

export async function runStatement<Row>(
  db: DbClient,
  statement: Prisma.Sql,
  options: StatementOptions = {},
): Promise<Row[]> {
  const pool = await statementPool(db, options);
  if (pool)
    return (await pool.query({ name: preparedName(statement.text), text: statement.text, values: statement.values }))
      .rows as Row[];
  return db.$queryRaw<Row[]>(statement);
}

// Prepared once per connection and named for its text (the statements are a fixed set of files;
// a value never changes the text): planning the CTEs of a statement costs more than running them.
const names = new Map<string, string>();
function preparedName(text: string): string {
  let name = names.get(text);
  if (!name) names.set(text, (name = `s_${createHash("sha1").update(text).digest("hex").slice(0, 16)}`));
  return name;
}

/** Whether statements on `db` run on the pool (tests check both paths). */
export async function runsOnPool(db: DbClient): Promise<boolean> {
  return (await statementPool(db)) !== null;
}
