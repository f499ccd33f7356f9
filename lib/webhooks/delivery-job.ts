// The delivery job of the embedded engine: one attempt, then the next one queued at its place on
// the ladder. (Under Inngest, inngest/functions/deliver-webhook.ts runs the whole ladder with
// step.sleep instead; both call attemptDelivery.) Engine retries cover infrastructure trouble
// only, such as a delivery row that is not committed yet; receiver failures are the ladder's.
import { z } from "zod";
import { type DbClient, getDb } from "../db";
import { defineJob, enqueueJob } from "../jobs";
import { log } from "../log";
import { attemptDelivery, DeliveryNotFoundError } from "./attempt-delivery";
import { MAX_ATTEMPTS } from "./ladder";

/** Engine retries of one run (not the ladder): covers a delivery row that is not visible yet. */
const RETRY_LIMIT = 5;

export const deliverWebhookJob = defineJob({
  name: "webhook.deliver",
  schema: z.object({ deliveryId: z.string().min(1), attempt: z.number().int().min(1).max(MAX_ATTEMPTS) }),
  retry: { limit: RETRY_LIMIT, delaySeconds: 1 },
  concurrency: 8,
  handle: async ({ deliveryId, attempt }, ctx) => {
    try {
      const outcome = await attemptDelivery(await getDb(), deliveryId, attempt);
      if (outcome.status === "retry") await enqueueDeliveryAttempt(deliveryId, outcome.nextAttempt, outcome.at);
    } catch (error) {
      // Still missing on the last run: its transaction rolled back or its endpoint was deleted.
      if (error instanceof DeliveryNotFoundError && ctx.attempt > RETRY_LIMIT) {
        log.info("webhook delivery gone", { deliveryId, attempt });
        return;
      }
      throw error;
    }
  },
});

/**
 * Queues attempt `attempt` of a delivery; queuing the same attempt twice queues it once (per
 * source: the sweeper's re-queue has its own key, since the original job may have failed for good).
 */
export async function enqueueDeliveryAttempt(
  deliveryId: string,
  attempt: number,
  at: Date,
  db?: DbClient,
  source = "ladder",
): Promise<void> {
  await enqueueJob(
    deliverWebhookJob,
    { deliveryId, attempt },
    { startAfter: at, singletonKey: `${source}:${deliveryId}:${attempt}`, db },
  );
}
