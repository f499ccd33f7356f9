// The first attempts of new webhook deliveries. On the embedded queue the statement that stores the
// deliveries writes their jobs too (inlineDeliveryJobs: one commit for event, deliveries and jobs,
// in the caller's transaction when there is one). Otherwise they are queued in one insert (lib/jobs
// enqueueJobs) right after the rows are committed (a crash between the two is the sweeper's case).
import { getDb, type DbClient } from "../db";
import { enqueueJobs, inlineQueue, jobKey } from "../jobs";
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
 * The `jobs` input of insertEvents for these delivery ids, and what to call once the statement ran;
 * null when the jobs must be queued afterwards with queueDeliveries.
 */
export async function inlineDeliveryJobs(db: DbClient | undefined, deliveryIds: string[]) {
  const transaction = db && db !== (await getDb()) ? db : undefined;
  const queue = await inlineQueue(deliverWebhookJob, { db: transaction });
  if (!queue) return null;
  const key = (deliveryId: string) => jobKey(deliverWebhookJob, { deliveryId, attempt: 1 }, {})!;
  return {
    jobs: { queue: queue.queue, ids: deliveryIds.map((id) => queue.jobId(key(id))) },
    written: queue.written,
  };
}
