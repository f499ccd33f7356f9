// GET /v1/account/usage: the month's requests of the caller in the token's mode, grouped by day
// (every day of the period up to today, zero-filled), endpoint or token.
import type { z } from "zod";
import type { usageQuerySchema } from "../account/account-schema";
import type { DbClient } from "../db";
import { aggregateUsage } from "../db/statements/aggregate-usage";
import { timestamp } from "../http/response";
import { flushUsage } from "./record-usage";

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
  let data = await aggregateUsage(db, { ...owner, from: start, to: end, groupBy: query.group_by });
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
