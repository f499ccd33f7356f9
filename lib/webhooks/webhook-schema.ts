// Request and response schemas of /v1/webhooks (the OpenAPI document is generated from them).
import { z } from "zod";
import { EVENT_TYPES } from "../events/event-types";
import { paginationQuerySchema } from "../http/pagination";

export const eventTypeSchema = z.enum(EVENT_TYPES).meta({ id: "EventType" });

export const createWebhookSchema = z
  .strictObject({
    url: z.string().min(1).max(2048).meta({
      description: "Where deliveries are POSTed. https in live mode.",
      example: "https://example.com/hooks/credence",
    }),
    events: z
      .array(eventTypeSchema)
      .max(EVENT_TYPES.length)
      .refine((list) => new Set(list).size === list.length, "lists an event type twice")
      .optional()
      .meta({ description: "Event types to receive; omitted or empty: every type." }),
    description: z.string().max(500).optional(),
  })
  .meta({ id: "CreateWebhookRequest" });

export const webhookParamsSchema = z.strictObject({
  id: z.string().min(1).max(64).meta({ description: "A webhook endpoint id (we_…)." }),
});
export const deliveryParamsSchema = webhookParamsSchema.extend({
  delivery_id: z.string().min(1).max(64).meta({ description: "A delivery id (whd_…)." }),
});

export const listDeliveriesQuerySchema = paginationQuerySchema
  .extend({
    status: z
      .enum(["pending", "succeeded", "failed", "permanently_failed"])
      .optional()
      .meta({ description: "Only deliveries in this state." }),
  })
  .strict();

const timestamp = z.string().meta({ format: "date-time" });

export const webhookEndpointSchema = z
  .object({
    id: z.string().meta({ example: "we_01jd9x3k2q7w8e5r4t6y1u2i3o" }),
    object: z.literal("webhook_endpoint"),
    url: z.string(),
    description: z.string().nullable(),
    events: z.array(z.string()).meta({ description: "Subscribed types; empty means every type." }),
    enabled: z.boolean(),
    livemode: z.boolean(),
    secret_prefix: z
      .string()
      .meta({ description: "The first characters of the signing secret, to tell secrets apart." }),
    created_at: timestamp,
  })
  .meta({ id: "WebhookEndpoint" });

export const webhookEndpointWithSecretSchema = webhookEndpointSchema
  .extend({
    secret: z
      .string()
      .meta({ description: "The signing secret (whsec_…). Shown once: store it now.", example: "whsec_3q2…" }),
  })
  .meta({ id: "WebhookEndpointWithSecret" });

export const webhookAttemptSchema = z
  .object({
    number: z.int().min(1).max(9),
    scheduled_for: timestamp,
    started_at: timestamp,
    status_code: z.int().nullable().meta({ description: "null when no HTTP answer came (timeout, refused, DNS)." }),
    latency_ms: z.int().min(0),
    response_snippet: z.string().nullable().meta({ description: "The first 1 KiB of the receiver's answer." }),
    error: z.string().nullable(),
    succeeded: z.boolean(),
  })
  .meta({ id: "WebhookAttempt" });

export const webhookDeliverySchema = z
  .object({
    id: z.string().meta({ example: "whd_01jd9x3k2q7w8e5r4t6y1u2i3o" }),
    object: z.literal("webhook_delivery"),
    endpoint_id: z.string(),
    event_id: z.string(),
    event_type: z.string(),
    status: z.enum(["pending", "succeeded", "failed", "permanently_failed"]).meta({
      description:
        "pending: first attempt not made yet; failed: the last attempt failed and another is scheduled (next_attempt_at); permanently_failed: all nine attempts failed.",
    }),
    attempt_count: z.int().min(0).max(9),
    next_attempt_at: timestamp.nullable(),
    last_attempt_at: timestamp.nullable(),
    replay_of: z.string().nullable().meta({ description: "The delivery this one replays, if it is a manual replay." }),
    created_at: timestamp,
    attempts: z.array(webhookAttemptSchema),
  })
  .meta({ id: "WebhookDelivery" });

export const eventSchema = z
  .object({
    id: z.string().meta({ example: "evt_01jd9x3k2q7w8e5r4t6y1u2i3o" }),
    object: z.literal("event"),
    type: z.string(),
    api_version: z.string().meta({ description: "Date form YYYY-MM-DD.", example: "2026-11-01" }),
    created: timestamp,
    livemode: z.boolean(),
    data: z.record(z.string(), z.unknown()),
  })
  .meta({ id: "Event" });

export const listEventsQuerySchema = paginationQuerySchema
  .extend({ type: eventTypeSchema.optional().meta({ description: "Only events of this type." }) })
  .strict();
