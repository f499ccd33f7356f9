// The safety net of at-least-once delivery. A run that dies mid-attempt is taken back by its
// engine when its lease ends (delivery-job.ts); what is left for the sweeper is a delivery whose
// next attempt is well past due and has no job at all: its job was lost between a database write
// and Inngest, or used up its engine retries. It is queued again; attemptDelivery ignores a run
// whose attempt is already recorded.
import { z } from "zod";
import { type Db, getDb } from "../db";
import { defineJob } from "../jobs";
import { enqueueDeliveryAttempt } from "./delivery-job";

/**
 * How late a due attempt must be before the sweeper assumes its job is gone: longer than a lease
 * (30 s) and the engine's retries of a lost run with their backoff.
 */
export const SWEEP_GRACE_MS = 2 * 60 * 1000;

export async function sweepDueDeliveries(
  db: Db,
  { now = new Date(), graceMs = SWEEP_GRACE_MS, limit = 500 } = {},
): Promise<number> {
  const due = await db.webhookDelivery.findMany({
    where: { status: { in: ["pending", "failed"] }, nextAttemptAt: { lt: new Date(now.getTime() - graceMs) } },
    select: { id: true, endpointId: true, attemptCount: true },
    orderBy: { nextAttemptAt: "asc" },
    take: limit,
  });
  // One re-queue per attempt per grace period, whichever instance sweeps.
  const window = Math.floor(now.getTime() / graceMs);
  for (const d of due) {
    const attempt = d.attemptCount + 1;
    await enqueueDeliveryAttempt(d, attempt, now, undefined, `sweep:${d.id}:${attempt}:${window}`);
  }
  return due.length;
}

export const sweepDeliveriesJob = defineJob({
  name: "webhook.sweep",
  schema: z.object({}),
  lease: { seconds: 60 },
  handle: async () => {
    await sweepDueDeliveries(await getDb());
  },
});

/** Every minute, from the schedule every instance keeps (embedded: pg-boss's cron; Inngest: a cron function). */
export const SWEEP_CRON = "* * * * *";
