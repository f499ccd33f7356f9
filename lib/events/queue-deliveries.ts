// The first attempts of new webhook deliveries. On the embedded queue the statement that stores the
// deliveries writes their jobs too (inlineDeliveryJobs: one commit for event, deliveries and jobs,
// in the caller's transaction when there is one; outside one, those this process's worker has room
// for are written claimed and start as it returns). Otherwise they are queued in one insert (lib/jobs
// enqueueJobs) right after the rows are committed (a crash between the two is the sweeper's case).
import { getDb, type DbClient } from "../db";
import type { EventsRow } from "../db/statements/insert-events";
import { enqueueJobs, inlineQueue } from "../jobs";
import { deliverWebhookJob } from "../webhooks/delivery-job";

export async function queueDeliveries(
  db: DbClient | undefined,
  deliveries: Array<{ id: string; endpointId: string }>,
  at: Date,
): Promise<void> {
  if (deliveries.length === 0) return;
  // Outside a transaction pg-boss's own pool is the faster way in.
  const transaction = db && db !== (await getDb()) ? db : undefined;
  await enqueueJobs(
    deliverWebhookJob,
    deliveries.map((d) => ({ deliveryId: d.id, endpointId: d.endpointId, attempt: 1 })),
    { startAfter: at, db: transaction },
  );
}

/**
 * The `jobs` input of insertEvents (the queue, and the slots of this process's delivery worker it
 * may write first attempts claimed into), `written` to call once the statement ran with what it
 * answered (it starts the claimed attempts and wakes the worker for the others: most verifications
 * make no delivery, and a worker woken for nothing still claims, a round trip each), and `failed`
 * when it did not run; null when the jobs must be queued afterwards with queueDeliveries.
 */
export async function inlineDeliveryJobs(db: DbClient | undefined) {
  const transaction = db && db !== (await getDb()) ? db : undefined;
  const queue = await inlineQueue(deliverWebhookJob, { db: transaction });
  if (!queue) return null;
  return {
    jobs: { queue: queue.queue, claim: queue.claim },
    written: (at: Date, { deliveries, claimed }: EventsRow) => queue.written(at, { count: deliveries.length, claimed }),
    failed: queue.failed,
  };
}
