// The first attempts of new webhook deliveries, queued in one insert (lib/jobs enqueueJobs): in the
// caller's transaction when `db` is one (embedded engine), so they exist exactly when the rows do;
// otherwise right after the rows are committed (a crash between the two is the sweeper's case).
import { getDb, type DbClient } from "../db";
import { enqueueJobs } from "../jobs";
import { deliverWebhookJob } from "../webhooks/delivery-job";

export async function queueDeliveries(
  db: DbClient | undefined,
  deliveries: Array<{ id: string }>,
  at: Date,
): Promise<void> {
  if (deliveries.length === 0) return;
  // Outside a transaction pg-boss's own pool is the faster way in.
  const transaction = db && db !== (await getDb()) ? db : undefined;
  await enqueueJobs(
    deliverWebhookJob,
    deliveries.map((d) => ({ deliveryId: d.id, attempt: 1 })),
    { startAfter: at, db: transaction },
  );
}
