// Batch items still open that no job of the embedded queue will run: no job of `queue` for the
// item is waiting, due or running in the queue's table (job_queue.job, lib/jobs/embedded-engine.ts).
// Such an item was queued where this queue does not look — in pg-boss 12's schema `pgboss`, before
// the queue moved to pg-boss 10's `job_queue` — or its job ran out of engine retries (its runs
// died or passed their lease: the handler never came to count the item). Prisma cannot see the
// queue's tables, hence a statement; a join on the payload field, as the queue stores it.
import { Prisma, type DbClient } from "../index";
import { QUEUE_JOB_TABLE as job } from "./claim-jobs";
import { runStatement } from "./run-statement";

export interface UnqueuedBatchItem {
  id: string;
  /** Whether the item's last job in the queue failed for good (false: it has none there). */
  exhausted: boolean;
}

export async function findUnqueuedBatchItems(
  db: DbClient,
  input: { queue: string; idleSince: Date; limit: number },
): Promise<UnqueuedBatchItem[]> {
  return runStatement<UnqueuedBatchItem>(
    db,
    Prisma.sql`
    WITH open_items AS (
      SELECT id FROM batch_items
      WHERE status IN ('queued', 'processing') AND "updatedAt" < ${input.idleSince.toISOString()}::timestamp(3)
      ORDER BY "updatedAt", id
      LIMIT ${input.limit}::int
    ), jobs AS (
      SELECT j.data->>'batchItemId' AS item_id, j.state, j.created_on
      FROM ${job} j
      WHERE j.name = ${input.queue}::text AND j.data->>'batchItemId' IN (SELECT id FROM open_items)
    )
    SELECT o.id,
           coalesce((SELECT j.state = 'failed' FROM jobs j WHERE j.item_id = o.id
                     ORDER BY j.created_on DESC LIMIT 1), false) AS exhausted
    FROM open_items o
    WHERE NOT EXISTS (SELECT 1 FROM jobs j WHERE j.item_id = o.id AND j.state < 'completed')`,
  );
}
