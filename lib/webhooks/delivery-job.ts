// The webhook delivery job, the same definition under both engines: one run is one attempt
// (attemptDelivery), and a failure answers "run again at the next step of the ladder" with the next
// attempt's number, which the embedded queue honours with a delayed job and Inngest with
// step.sleepUntil. Engine retries (a thrown error, a lost lease) cover infrastructure trouble only,
// such as a delivery row that is not committed yet or a process that died mid-attempt; receiver
// failures are the ladder's. Runs are grouped by endpoint: a receiver that answers slowly holds
// at most ENDPOINT_CONCURRENCY of a process's DELIVERY_CONCURRENCY workers, and the other
// endpoints' deliveries go past it. Of those, RECEIVER_CONNECTIONS are sending at once
// (send-webhook.ts); the others read their delivery, record their attempt or wait for a connection.
// A run renews its claim while it lasts (the lease's heartbeat): one claimed by a process that
// died is taken back, and sent again with the same event id, within HEARTBEAT_SECONDS.
import { z } from "zod";
import { type DbClient, getDb } from "../db";
import {
  DELIVERY_OF_CLAIMED_JOB,
  type DeliveryLookupColumn,
  toDeliveryLookup,
} from "../db/statements/find-delivery-to-attempt";
import { type DeliveryAttemptRecord, deliveryAttemptsWritten } from "../db/statements/record-delivery-attempt";
import { defineJob, enqueueJob } from "../jobs";
import { log } from "../log";
import { attemptDelivery, DeliveryNotFoundError, ENDPOINT_DELETED } from "./attempt-delivery";
import { MAX_ATTEMPTS } from "./ladder";
import { RECEIVER_CONNECTIONS, SEND_TIMEOUT_MS } from "./send-webhook";

/** Engine retries of one run (not the ladder): covers a delivery row that is not visible yet, and a crash. */
const RETRY_LIMIT = 5;
/** Reading the delivery and recording the attempt, on top of the HTTP timeout. */
const LEASE_MARGIN_SECONDS = 10;
/** Attempts at once per process (embedded engine). */
export const DELIVERY_CONCURRENCY = 64;
/**
 * Attempts at once of one endpoint (per process on the embedded engine, in all under Inngest):
 * four per connection, so that its connections stay busy while the other attempts read their
 * delivery and record their result (two round trips that, on a loaded database, last longer than
 * a receiver's answer: with two per connection, bench:webhooks delivered slower than it emitted).
 */
export const ENDPOINT_CONCURRENCY = 4 * RECEIVER_CONNECTIONS;
/** How long a claim lasts unless renewed (pg-boss's minimum): a dead process's attempts wait this. */
const HEARTBEAT_SECONDS = 10;

export const deliverWebhookJob = defineJob({
  name: "webhook.deliver",
  schema: z.object({
    deliveryId: z.string().min(1),
    attempt: z.number().int().min(1).max(MAX_ATTEMPTS),
    // Absent from jobs queued before deliveries were grouped by endpoint.
    endpointId: z.string().min(1).optional(),
  }),
  key: ({ deliveryId, attempt }) => `${deliveryId}:${attempt}`,
  // An attempt may wait for a connection while the endpoint's others send: at most one timeout
  // per round of connections ahead of it, then its own.
  lease: {
    seconds: ((ENDPOINT_CONCURRENCY / RECEIVER_CONNECTIONS) * SEND_TIMEOUT_MS) / 1000 + LEASE_MARGIN_SECONDS,
    heartbeatSeconds: HEARTBEAT_SECONDS,
  },
  retry: { limit: RETRY_LIMIT, delaySeconds: 1 },
  concurrency: DELIVERY_CONCURRENCY,
  group: { field: "endpointId", limit: ENDPOINT_CONCURRENCY },
  // The embedded queue reads the delivery, its endpoint and its event while claiming the attempt,
  // and records a succeeded attempt while completing its job.
  preload: DELIVERY_OF_CLAIMED_JOB,
  settle: (records) => deliveryAttemptsWritten(records as DeliveryAttemptRecord[]),
  handle: async ({ deliveryId, attempt, endpointId }, ctx) => {
    try {
      const preloaded = ctx.preloaded ? toDeliveryLookup(ctx.preloaded as DeliveryLookupColumn) : undefined;
      const outcome = await attemptDelivery(
        await getDb(),
        deliveryId,
        attempt,
        { preloaded, recordSuccess: ctx.settle },
        endpointId,
      );
      if (outcome.status === "skipped" && outcome.reason === ENDPOINT_DELETED)
        log.info("webhook delivery gone with its endpoint", { deliveryId, endpointId, attempt });
      if (outcome.status === "retry")
        return { retryAt: outcome.at, payload: { deliveryId, endpointId, attempt: outcome.nextAttempt } };
    } catch (error) {
      // Still missing on the last run: its transaction rolled back (or, for a job queued before jobs
      // named their endpoint, the endpoint was deleted).
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
  delivery: { id: string; endpointId: string },
  attempt: number,
  at: Date,
  db?: DbClient,
  singletonKey?: string,
): Promise<void> {
  await enqueueJob(
    deliverWebhookJob,
    { deliveryId: delivery.id, endpointId: delivery.endpointId, attempt },
    { startAfter: at, singletonKey, db },
  );
}
