// A month of usage records grouped by day, endpoint or token, with requests, errors and credits per
// group (GET /v1/account/usage). Prisma's groupBy cannot group by a day of a timestamp, and reading
// a month of rows to group them in JavaScript would read every request the account made.
import { Prisma, type DbClient } from "../index";
import { runStatement } from "./run-statement";

export interface UsageGroup {
  key: string;
  requests: number;
  errors: number;
  credits: number;
}

/** Columns are UTC timestamps without zone; compare with UTC wall-clock text. */
const utc = (date: Date) => date.toISOString().slice(0, 23);

export async function aggregateUsage(
  db: DbClient,
  query: { userId: string; livemode: boolean; from: Date; to: Date; groupBy: "day" | "endpoint" | "token" },
): Promise<UsageGroup[]> {
  const rows = await runStatement<{ key: string; requests: unknown; errors: unknown; credits: unknown }>(
    db,
    Prisma.sql`
      SELECT CASE ${query.groupBy}::text
               WHEN 'day' THEN to_char("createdAt", 'YYYY-MM-DD')
               WHEN 'endpoint' THEN endpoint
               ELSE COALESCE("tokenId", 'deleted') END AS key,
             count(*) AS requests,
             count(*) FILTER (WHERE "statusCode" >= 400) AS errors,
             COALESCE(sum(credits), 0) AS credits
      FROM usage_records
      WHERE "userId" = ${query.userId}::text AND livemode = ${query.livemode}::boolean
        AND "createdAt" >= ${utc(query.from)}::timestamp AND "createdAt" < ${utc(query.to)}::timestamp
      GROUP BY 1 ORDER BY 1`,
  );
  // count() and sum() are bigint: a string from node-postgres, a BigInt through Prisma.
  return rows.map((r) => ({
    key: r.key,
    requests: Number(r.requests),
    errors: Number(r.errors),
    credits: Number(r.credits),
  }));
}
