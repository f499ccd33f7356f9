// A fingerprint of every row of the given tables, one per table: its row count and the sum of a
// 64-bit number per row. A sum does not depend on the rows' order, so no sort is needed; any
// insert, update or delete changes it (but for a coincidence). The number is the row version's
// xmin (PostgreSQL stamps every row it writes with the writing transaction's id; locking a row does
// not change it): read from the row's header, without reading its columns. A table with columns
// whose changes must not count is hashed by content instead (every other column of the row, as
// JSON). The access tests compare it before and after refused requests, so no table is left out
// because nobody thought of it. Table and column names come from listBaseTables and the test's own
// list, never from a request; they are quoted all the same.
import { Prisma, type DbClient } from "../index";
import { runStatement } from "./run-statement";

const identifier = (name: string) => `"${name.replaceAll('"', '""')}"`;

export interface TableDigest {
  table: string;
  rows: number;
  digest: string;
}

/** `tables`: "schema.table" names; `leaveOut`: per table, columns whose changes do not count. */
export async function digestTables(
  db: DbClient,
  tables: readonly string[],
  leaveOut: Readonly<Record<string, readonly string[]>> = {},
): Promise<TableDigest[]> {
  if (tables.length === 0) return [];
  const selects = tables.map((table) => {
    const [schema, name] = table.split(".");
    const columns = leaveOut[table] ?? [];
    const perRow = columns.length
      ? Prisma.sql`hashtextextended((to_jsonb(t) - ${[...columns]}::text[])::text, 0)::numeric`
      : Prisma.sql`t.xmin::text::numeric`;
    return Prisma.sql`SELECT ${table}::text AS table, count(*)::int AS rows,
      coalesce(sum(${perRow}), 0)::text AS digest
      FROM ${Prisma.raw(`${identifier(schema)}.${identifier(name)}`)} t`;
  });
  return runStatement<TableDigest>(db, Prisma.join(selects, " UNION ALL "));
}
