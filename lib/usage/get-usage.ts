// GET /v1/account/usage: the month's requests of the caller in the token's mode, grouped by day
// (every day of the period up to today, zero-filled), endpoint or token.
import type { z } from "zod";
import type { usageQuerySchema } from "../account/account-schema";
import type { DbClient } from "../db";
import { timestamp } from "../http/response";
import { flushUsage } from "./record-usage";

interface Row {
  key: string;
  requests: bigint | number;
  errors: bigint | number;
  credits: bigint | number;
}

export async function getUsage(
  db: DbClient,
  owner: { userId: string; livemode: boolean },
  query: z.infer<typeof usageQuerySchema>,
  now = new Date(),
) {
  await flushUsage();
  const period = query.period ?? now.toISOString().slice(0, 7);
  const [year, month] = period.split("-").map(Number);
  const start = new Date(Date.UTC(year, month - 1, 1));
  const end = new Date(Date.UTC(year, month, 1));
  const rows = await db.$queryRaw<Row[]>`
    SELECT CASE ${query.group_by}
             WHEN 'day' THEN to_char("createdAt", 'YYYY-MM-DD')
             WHEN 'endpoint' THEN endpoint
             ELSE COALESCE("tokenId", 'deleted') END AS key,
           count(*) AS requests,
           count(*) FILTER (WHERE "statusCode" >= 400) AS errors,
           COALESCE(sum(credits), 0) AS credits
    FROM usage_records
    WHERE "userId" = ${owner.userId} AND livemode = ${owner.livemode} AND "createdAt" >= ${utc(start)}::timestamp AND "createdAt" < ${utc(end)}::timestamp
    GROUP BY 1 ORDER BY 1`;
  let data = rows.map((r) => ({
    key: r.key,
    requests: Number(r.requests),
    errors: Number(r.errors),
    credits: Number(r.credits),
  }));
  if (query.group_by === "day") data = zeroFilledDays(data, start, end < now ? end : now);
  const totals = data.reduce(
    (t, r) => ({ requests: t.requests + r.requests, errors: t.errors + r.errors, credits: t.credits + r.credits }),
    { requests: 0, errors: 0, credits: 0 },
  );
  return {
    object: "usage" as const,
    period,
    group_by: query.group_by,
    livemode: owner.livemode,
    start: timestamp(start),
    end: timestamp(end),
    totals,
    data,
  };
}

function zeroFilledDays<T extends { key: string }>(
  rows: (T & { requests: number; errors: number; credits: number })[],
  start: Date,
  until: Date,
) {
  const byDay = new Map(rows.map((r) => [r.key, r]));
  const out = [];
  for (let d = new Date(start); d < until; d = new Date(d.getTime() + 86_400_000)) {
    const key = d.toISOString().slice(0, 10);
    out.push(byDay.get(key) ?? { key, requests: 0, errors: 0, credits: 0 });
  }
  return out;
}

/** Columns are UTC timestamps without zone; compare with UTC wall-clock text. */
function utc(date: Date): string {
  return date.toISOString().slice(0, 23);
}
