// Database rows to the API shapes of webhook-schema.ts.
import type { WebhookAttempt, WebhookDelivery, WebhookEndpoint } from "../db";
import { timestamp } from "../http/response";

export function toApiEndpoint(endpoint: WebhookEndpoint) {
  return {
    id: endpoint.id,
    object: "webhook_endpoint" as const,
    url: endpoint.url,
    description: endpoint.description,
    events: endpoint.events,
    enabled: endpoint.enabled,
    livemode: endpoint.livemode,
    secret_prefix: endpoint.secretPrefix,
    created_at: timestamp(endpoint.createdAt),
  };
}

/** What a delivery is read with to be serialized: its attempts and its event's type. */
export const DELIVERY_WITH_ATTEMPTS = { attempts: true, event: { select: { type: true } } } as const;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toApiAttempt(attempt: WebhookAttempt) {
  return {
    number: attempt.number,
    scheduled_for: attempt.scheduledFor.toISOString(),
    started_at: attempt.startedAt.toISOString(),
    status_code: attempt.statusCode,
    latency_ms: attempt.latencyMs,
    response_snippet: attempt.responseSnippet,
    error: attempt.error,
    succeeded: attempt.succeeded,
  };
}

export function toApiDelivery(delivery: WebhookDelivery & { attempts: WebhookAttempt[]; event: { type: string } }) {
  return {
    id: delivery.id,
    object: "webhook_delivery" as const,
    endpoint_id: delivery.endpointId,
    event_id: delivery.eventId,
    event_type: delivery.event.type,
    status: delivery.status,
    attempt_count: delivery.attemptCount,
    next_attempt_at: iso(delivery.nextAttemptAt),
    last_attempt_at: iso(delivery.lastAttemptAt),
    replay_of: delivery.replayOfId,
    created_at: timestamp(delivery.createdAt),
    attempts: [...delivery.attempts].sort((a, b) => a.number - b.number).map(toApiAttempt),
  };
}
