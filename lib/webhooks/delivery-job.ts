// The webhook delivery job, the same definition under both engines: one run is one attempt
// (attemptDelivery), and a failure answers "run again at the next step of the ladder" with the next
// attempt's number, which the embedded queue honours with a delayed job and Inngest with
// step.sleepUntil. Engine retries (a thrown error, a lost lease) cover infrastructure trouble only,
// such as a delivery row that is not committed yet or a process that died mid-attempt; receiver
// failures are the ladder's.
import { z } from "zod";
import { type DbClient, getDb } from "../db";
import { defineJob, enqueueJob } from "../jobs";
import { log } from "../log";
import { attemptDelivery, DeliveryNotFoundError } from "./attempt-delivery";
import { MAX_ATTEMPTS } from "./ladder";
import { SEND_TIMEOUT_MS } from "./send-webhook";

/** Engine retries of one run (not the ladder): covers a delivery row that is not visible yet, and a crash. */
const RETRY_LIMIT = 5;
/** Reading the delivery and recording the attempt, on top of the HTTP timeout. */
const LEASE_MARGIN_SECONDS = 10;

export const deliverWebhookJob = defineJob({
  name: "webhook.deliver",
  schema: z.object({ deliveryId: z.string().min(1), attempt: z.number().int().min(1).max(MAX_ATTEMPTS) }),
  key: ({ deliveryId, attempt }) => `${deliveryId}:${attempt}`,
  lease: { seconds: SEND_TIMEOUT_MS / 1000 + LEASE_MARGIN_SECONDS },
  retry: { limit: RETRY_LIMIT, delaySeconds: 1 },
  concurrency: 8,
  handle: async ({ deliveryId, attempt }, ctx) => {
    try {
      const outcome = await attemptDelivery(await getDb(), deliveryId, attempt);
      if (outcome.status === "retry")
        return { retryAt: outcome.at, payload: { deliveryId, attempt: outcome.nextAttempt } };
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
 * Queues attempt `attempt` of a delivery; queuing the same attempt twice queues it once, unless
 * `singletonKey` names another source (the sweeper's re-queue of a job that failed for good).
 */
export async function enqueueDeliveryAttempt(
  deliveryId: string,
  attempt: number,
  at: Date,
  db?: DbClient,
  singletonKey?: string,
): Promise<void> {
  await enqueueJob(deliverWebhookJob, { deliveryId, attempt }, { startAfter: at, singletonKey, db });
}
