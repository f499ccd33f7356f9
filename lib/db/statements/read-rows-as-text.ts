// Each row of one table in its text form (every column, JSON and arrays included), for a search
// that must not depend on knowing the columns. The table name comes from listBaseTables, never from
// a request; it is quoted as an identifier all the same.
import { Prisma, type DbClient } from "../index";
import { runStatement } from "./run-statement";

const identifier = (name: string) => `"${name.replaceAll('"', '""')}"`;

export async function readRowsAsText(db: DbClient, table: string): Promise<string[]> {
  const [schema, name] = table.split(".");
  const rows = await runStatement<{ row: string }>(
    db,
    Prisma.sql`SELECT t::text AS row FROM ${Prisma.raw(`${identifier(schema)}.${identifier(name)}`)} t`,
  );
  return rows.map((r) => r.row);
}
