// The safety net of at-least-once delivery: a delivery whose next attempt is well past due and
// was never run (its job lost between a database write and the queue, or never visible to a
// worker) is queued again. attemptDelivery ignores a run whose attempt is already recorded.
import { z } from "zod";
import { type Db, getDb } from "../db";
import { defineJob } from "../jobs";
import { enqueueDeliveryAttempt } from "./delivery-job";

/** How late a due attempt must be before the sweeper assumes its job is gone. */
export const SWEEP_GRACE_MS = 10 * 60 * 1000;

export async function sweepDueDeliveries(
  db: Db,
  { now = new Date(), graceMs = SWEEP_GRACE_MS, limit = 500 } = {},
): Promise<number> {
  const due = await db.webhookDelivery.findMany({
    where: { status: { in: ["pending", "failed"] }, nextAttemptAt: { lt: new Date(now.getTime() - graceMs) } },
    select: { id: true, attemptCount: true },
    orderBy: { nextAttemptAt: "asc" },
    take: limit,
  });
  for (const d of due) await enqueueDeliveryAttempt(d.id, d.attemptCount + 1, now, undefined, "sweep");
  return due.length;
}

export const sweepDeliveriesJob = defineJob({
  name: "webhook.sweep",
  schema: z.object({}),
  handle: async () => {
    await sweepDueDeliveries(await getDb());
  },
});

/** Every five minutes (embedded: a pg-boss schedule; Inngest: a cron function). */
export const SWEEP_CRON = "*/5 * * * *";
