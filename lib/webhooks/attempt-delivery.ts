// One attempt of one delivery, the unit both job engines run: sign the stored event, POST it,
// record the attempt and move the delivery along the ladder. Idempotent per (delivery, attempt
// number): a duplicate run (a retried job, a sweeper re-queue) finds the attempt recorded and
// does nothing, so at-least-once scheduling never doubles a recorded attempt.
import type { Db } from "../db";
import { type DeliveryLookup, findDeliveryToAttempt } from "../db/statements/find-delivery-to-attempt";
import { type DeliveryAttemptRecord, recordDeliveryAttempt } from "../db/statements/record-delivery-attempt";
import { eventEnvelope } from "../events/event-types";
import { newId } from "../ids";
import { log } from "../log";
import { ladderDelayMs, MAX_ATTEMPTS } from "./ladder";
import { openSecret } from "./seal-secret";
import { type SendRequest, type SendResult, sendWebhook } from "./send-webhook";
import { DELIVERY_ID_HEADER, EVENT_ID_HEADER, SIGNATURE_HEADER, signatureHeader } from "./sign";

export type AttemptOutcome =
  | { status: "succeeded" }
  | { status: "retry"; nextAttempt: number; at: Date; delayMs: number }
  | { status: "permanently_failed" }
  | { status: "skipped"; reason: string };

/**
 * The delivery row is not visible (yet): the enqueuing transaction has not committed, or rolled
 * back. (A delivery whose endpoint was deleted is not an error: the attempt is skipped.)
 */
export class DeliveryNotFoundError extends Error {
  constructor(deliveryId: string) {
    super(`Delivery ${deliveryId} not found.`);
    this.name = "DeliveryNotFoundError";
  }
}

/** The skip reason of an attempt whose endpoint was deleted since it was queued. */
export const ENDPOINT_DELETED = "its endpoint was deleted";

export interface AttemptDeps {
  send?: (request: SendRequest) => Promise<SendResult>;
  now?: () => Date;
  /** The delivery as read while its job was claimed (the embedded queue); read here when absent. */
  preloaded?: DeliveryLookup;
  /**
   * Takes the record of a succeeded attempt, to be written with its job's completion (the embedded
   * queue: one statement completes the attempts that ended and claims the next); recorded here when absent.
   */
  recordSuccess?: (record: DeliveryAttemptRecord) => void;
}

/** `endpointId`: the endpoint the delivery was queued for, when the job says (it tells a deleted endpoint). */
export async function attemptDelivery(
  db: Db,
  deliveryId: string,
  number: number,
  deps: AttemptDeps = {},
  endpointId?: string,
): Promise<AttemptOutcome> {
  const now = deps.now ?? (() => new Date());
  const found = deps.preloaded ?? (await findDeliveryToAttempt(db, deliveryId, endpointId));
  if (!found.delivery) {
    if (found.endpointExists === false) return { status: "skipped", reason: ENDPOINT_DELETED };
    throw new DeliveryNotFoundError(deliveryId);
  }
  const delivery = found.delivery;
  if (delivery.status === "succeeded" || delivery.status === "permanently_failed")
    return { status: "skipped", reason: `already ${delivery.status}` };
  // This attempt was recorded by an earlier run that died before queuing the next one: queue it
  // (its key keeps it single when that run did queue it).
  if (delivery.attemptCount >= number && delivery.status === "failed" && delivery.nextAttemptAt)
    return { status: "retry", nextAttempt: delivery.attemptCount + 1, at: delivery.nextAttemptAt, delayMs: 0 };
  if (delivery.attemptCount !== number - 1)
    return { status: "skipped", reason: `attempt ${number} is not next (${delivery.attemptCount} made)` };

  const body = JSON.stringify(eventEnvelope(delivery.event));
  const startedAt = now();
  const secret = openSecret(delivery.endpoint.secretEncrypted);
  const result = await (deps.send ?? sendWebhook)({
    url: delivery.endpoint.url,
    livemode: delivery.endpoint.livemode,
    body,
    headers: {
      [SIGNATURE_HEADER]: signatureHeader(body, secret, Math.floor(startedAt.getTime() / 1000)),
      [EVENT_ID_HEADER]: delivery.eventId,
      [DELIVERY_ID_HEADER]: delivery.id,
    },
  });
  const succeeded = result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
  // The ladder counts from the end of this attempt as recorded (start + latency), so the
  // portal's numbers add up exactly.
  const finishedAt = new Date(startedAt.getTime() + result.latencyMs);
  const last = number >= MAX_ATTEMPTS;
  const delayMs = succeeded || last ? 0 : ladderDelayMs(number + 1);
  const nextAt = succeeded || last ? null : new Date(finishedAt.getTime() + delayMs);
  const status = succeeded ? "succeeded" : last ? "permanently_failed" : "failed";

  const record: DeliveryAttemptRecord = {
    id: newId("attempt"),
    deliveryId,
    number,
    scheduledFor: delivery.nextAttemptAt ?? startedAt,
    startedAt,
    statusCode: result.statusCode,
    latencyMs: result.latencyMs,
    responseSnippet: result.responseSnippet,
    error: result.error ?? (succeeded ? null : `HTTP ${result.statusCode}`),
    succeeded,
    status,
    nextAttemptAt: nextAt,
  };
  const attempt = {
    deliveryId,
    number,
    statusCode: result.statusCode,
    latencyMs: result.latencyMs,
    succeeded,
    error: result.error,
  };
  if (succeeded && deps.recordSuccess) {
    // Recorded with the job's completion, under the same rule: of two runs of this attempt, the first recorded counts.
    deps.recordSuccess(record);
    log.info("webhook attempt", attempt);
    return { status: "succeeded" };
  }
  // Another run recorded this attempt first (or the delivery was deleted meanwhile): this one changes nothing.
  if (!(await recordDeliveryAttempt(db, record))) return { status: "skipped", reason: "recorded concurrently" };
  log.info("webhook attempt", attempt);
  if (succeeded) return { status: "succeeded" };
  if (!nextAt) return { status: "permanently_failed" };
  return { status: "retry", nextAttempt: number + 1, at: nextAt, delayMs };
}
