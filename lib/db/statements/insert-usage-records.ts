// The usage buffer (lib/usage/record-usage.ts) written in one statement: columns as arrays, so its
// text (and its plan) is the same for any number of rows, where Prisma's createMany compiles a new
// query for every row count (bench:api: usage through createMany took /v1 reads from 0.5 to 1 ms of
// CPU per request).
import { Prisma, type DbClient, type UsageRecord } from "../index";
import { runStatement } from "./run-statement";

export async function insertUsageRecords(db: DbClient, rows: UsageRecord[]): Promise<void> {
  const column = <T>(pick: (row: UsageRecord) => T) => rows.map(pick);
  await runStatement(
    db,
    Prisma.sql`
      INSERT INTO usage_records (id, "userId", "tokenId", livemode, endpoint, "statusCode", credits, "createdAt")
      SELECT * FROM unnest(${column((r) => r.id)}::text[], ${column((r) => r.userId)}::text[],
        ${column((r) => r.tokenId)}::text[], ${column((r) => r.livemode)}::boolean[], ${column((r) => r.endpoint)}::text[],
        ${column((r) => r.statusCode)}::int[], ${column((r) => r.credits)}::int[],
        ${column((r) => r.createdAt.toISOString())}::timestamp(3)[])`,
  );
}
