// The safety net of the batch pipeline on the embedded queue, as sweep-deliveries.ts is for webhooks:
// an item still open that no job will run is queued again. Two ways to get there: the item was
// queued under pg-boss 12, whose tables (schema `pgboss`) the queue no longer reads since it moved
// to pg-boss 10 (`job_queue`, README "Install"), so an upgrade with a batch in progress leaves its
// items there; or the item's job ran out of engine retries without its handler counting it (every
// run died with its process or passed its lease). The first is run again; the second is counted
// failed, as the handler counts an item that failed every attempt, so the batch completes.
// Running an item twice (a sweep beside a run it did not see) makes one verification and counts it
// once (process-batch-item.ts), so the sweep is safe; its grace keeps it off items just queued.
import { z } from "zod";
import { type Db, getDb } from "../db";
import { findUnqueuedBatchItems } from "../db/statements/find-unqueued-batch-items";
import { defineJob, enqueueJob } from "../jobs";
import { jobEngine } from "../jobs/engine";
import { log } from "../log";
import { finishBatchItem } from "./finish-batch-item";
import { processBatchItemJob } from "./jobs";

/**
 * How long an open item must have been left alone (its row not updated: not queued, not started)
 * before the sweep looks at its jobs: items are written with their jobs in one transaction, and a
 * running item's job is `active`, so this only keeps the sweep clear of a send deferred past a
 * transaction (lib/jobs/embedded-engine.ts) and of clocks that disagree.
 */
export const BATCH_SWEEP_GRACE_MS = 2 * 60 * 1000;

export interface BatchSweep {
  requeued: string[];
  failed: string[];
}

export async function sweepBatchItems(
  db: Db,
  { now = new Date(), graceMs = BATCH_SWEEP_GRACE_MS, limit = 500 } = {},
): Promise<BatchSweep> {
  const items = await findUnqueuedBatchItems(db, {
    queue: processBatchItemJob.name,
    idleSince: new Date(now.getTime() - graceMs),
    limit,
  });
  // One re-queue per item per grace period, whichever instance sweeps.
  const window = Math.floor(now.getTime() / graceMs);
  const sweep: BatchSweep = { requeued: [], failed: [] };
  for (const item of items) {
    if (item.exhausted) {
      await finishBatchItem(db, item.id, {
        verificationId: null,
        error: { code: "internal_error", message: "The item could not be processed." },
      });
      sweep.failed.push(item.id);
    } else {
      await enqueueJob(processBatchItemJob, { batchItemId: item.id }, { singletonKey: `sweep:${item.id}:${window}` });
      sweep.requeued.push(item.id);
    }
  }
  if (items.length > 0) log.warn("batch items without a job", { requeued: sweep.requeued, failed: sweep.failed });
  return sweep;
}

export const sweepBatchItemsJob = defineJob({
  name: "batch.sweep",
  schema: z.object({}),
  lease: { seconds: 60 },
  handle: async () => {
    // Inngest keeps its runs itself, and there never was a pg-boss queue to leave items in.
    if (jobEngine() !== "embedded") return;
    await sweepBatchItems(await getDb());
  },
});

/** Every minute, from the schedule every instance keeps (pg-boss's cron sends it once). */
export const BATCH_SWEEP_CRON = "* * * * *";
