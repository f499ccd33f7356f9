// The safety net of the web flow, as sweep-deliveries.ts is for webhooks and sweep-batch-items.ts for
// batches. A web verification is written pending and charged before its analysis, which runs in
// the process that took the upload; when that process dies, its row would stay pending and charged
// for ever, with no result. Such a row stops getting heartbeats (verification-heartbeat.ts): the
// sweep fails it with `analysis_interrupted` and refunds it. Failing is conditional on the row
// being pending, so a process that was only slow, or two sweeps at once, cannot refund twice.
import { z } from "zod";
import { type Db, getDb } from "../db";
import { defineJob } from "../jobs";
import { log } from "../log";
import { failWebVerification, INTERRUPTED } from "./fail-web-verification";
import { ABANDONED_AFTER_MS } from "./verification-heartbeat";

export async function sweepInterruptedVerifications(
  db: Db,
  { now = new Date(), abandonedAfterMs = ABANDONED_AFTER_MS, limit = 500 } = {},
): Promise<string[]> {
  const abandoned = await db.verification.findMany({
    where: { status: "pending", source: "web", heartbeatAt: { lt: new Date(now.getTime() - abandonedAfterMs) } },
    select: { id: true, userId: true, creditsCharged: true },
    orderBy: { heartbeatAt: "asc" },
    take: limit,
  });
  const failed: string[] = [];
  for (const row of abandoned) if (await failWebVerification(db, row, INTERRUPTED)) failed.push(row.id);
  if (failed.length > 0) log.warn("interrupted web verifications failed and refunded", { verifications: failed });
  return failed;
}

export const sweepInterruptedVerificationsJob = defineJob({
  name: "verification.sweep-interrupted",
  schema: z.object({}),
  lease: { seconds: 60 },
  handle: async () => {
    await sweepInterruptedVerifications(await getDb());
  },
});

/** Every minute, from the schedule every instance keeps (embedded: pg-boss's cron; Inngest: a cron function). */
export const SWEEP_INTERRUPTED_CRON = "* * * * *";
