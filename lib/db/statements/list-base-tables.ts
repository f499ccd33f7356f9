// Every base table of the database outside PostgreSQL's own catalogs, as "schema.table": what the
// erasure test walks, so a table added later is covered without touching the test.
import { Prisma, type DbClient } from "../index";
import { runStatement } from "./run-statement";

export async function listBaseTables(db: DbClient): Promise<string[]> {
  const rows = await runStatement<{ schema: string; name: string }>(
    db,
    Prisma.sql`
      SELECT table_schema AS schema, table_name AS name FROM information_schema.tables
      WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')
      ORDER BY 1, 2`,
  );
  return rows.map((r) => `${r.schema}.${r.name}`);
}
