// Route contracts of /v1/webhooks and /v1/events (access rules + schemas; the OpenAPI document is
// built from them, lib/openapi/routes.ts lists them).
import { z } from "zod";
import { listEnvelopeSchema, paginationQuerySchema } from "../http/pagination";
import { defineRoute } from "../openapi/contract";
import {
  createWebhookSchema,
  deliveryParamsSchema,
  eventSchema,
  listDeliveriesQuerySchema,
  listEventsQuerySchema,
  webhookDeliverySchema,
  webhookEndpointSchema,
  webhookEndpointWithSecretSchema,
  webhookParamsSchema,
} from "./webhook-schema";

const TAG = "Webhooks";

export const createWebhookRoute = defineRoute({
  operationId: "createWebhook",
  summary: "Register a webhook endpoint",
  description:
    "The answer carries the signing secret (`whsec_…`) once. Live-mode URLs must be https; private, loopback and link-local targets are refused unless the operator allows them.",
  tag: TAG,
  scope: "webhooks:write",
  body: { json: createWebhookSchema, required: true },
  responses: {
    200: { description: "The endpoint, with its signing secret.", schema: webhookEndpointWithSecretSchema },
  },
  errors: ["invalid_request", "unsupported_media_type"],
});

export const listWebhooksRoute = defineRoute({
  operationId: "listWebhooks",
  summary: "List webhook endpoints, newest first",
  tag: TAG,
  scope: "webhooks:read",
  query: paginationQuerySchema.strict(),
  responses: {
    200: {
      description: "One page of the caller's endpoints in the token's mode.",
      schema: listEnvelopeSchema(webhookEndpointSchema).meta({ id: "WebhookEndpointList" }),
    },
  },
  errors: ["invalid_request"],
});

export const getWebhookRoute = defineRoute({
  operationId: "getWebhook",
  summary: "Retrieve a webhook endpoint",
  tag: TAG,
  scope: "webhooks:read",
  params: webhookParamsSchema,
  responses: { 200: { description: "The endpoint (without its secret).", schema: webhookEndpointSchema } },
  errors: ["not_found"],
});

export const deleteWebhookRoute = defineRoute({
  operationId: "deleteWebhook",
  summary: "Delete a webhook endpoint and its deliveries",
  tag: TAG,
  scope: "webhooks:write",
  params: webhookParamsSchema,
  responses: {
    200: {
      description: "The endpoint is gone; scheduled retries stop.",
      schema: z
        .object({ id: z.string(), object: z.literal("webhook_endpoint"), deleted: z.literal(true) })
        .meta({ id: "DeletedWebhookEndpoint" }),
    },
  },
  errors: ["not_found"],
});

export const rotateWebhookSecretRoute = defineRoute({
  operationId: "rotateWebhookSecret",
  summary: "Replace the signing secret",
  description:
    "The new secret signs every later attempt at once, retries of older deliveries included. It is shown once.",
  tag: TAG,
  scope: "webhooks:write",
  params: webhookParamsSchema,
  responses: {
    200: { description: "The endpoint with its new signing secret.", schema: webhookEndpointWithSecretSchema },
  },
  errors: ["not_found"],
});

export const pingWebhookRoute = defineRoute({
  operationId: "pingWebhook",
  summary: "Send a webhook.ping test delivery",
  tag: TAG,
  scope: "webhooks:write",
  params: webhookParamsSchema,
  responses: {
    202: {
      description: "The queued delivery; poll the deliveries list for its attempts.",
      schema: webhookDeliverySchema,
    },
  },
  errors: ["not_found"],
});

export const listWebhookDeliveriesRoute = defineRoute({
  operationId: "listWebhookDeliveries",
  summary: "List an endpoint's deliveries with their attempts, newest first",
  tag: TAG,
  scope: "webhooks:read",
  params: webhookParamsSchema,
  query: listDeliveriesQuerySchema,
  responses: {
    200: {
      description: "One page of deliveries.",
      schema: listEnvelopeSchema(webhookDeliverySchema).meta({ id: "WebhookDeliveryList" }),
    },
  },
  errors: ["not_found", "invalid_request"],
});

export const replayWebhookDeliveryRoute = defineRoute({
  operationId: "replayWebhookDelivery",
  summary: "Deliver an event again",
  description:
    "Creates a new delivery of the same event (replay_of names the original) and starts the ladder again from attempt 1, whatever the original's state.",
  tag: TAG,
  scope: "webhooks:write",
  params: deliveryParamsSchema,
  responses: { 202: { description: "The new, queued delivery.", schema: webhookDeliverySchema } },
  errors: ["not_found"],
});

export const listEventsRoute = defineRoute({
  operationId: "listEvents",
  summary: "List events, newest first",
  tag: TAG,
  scope: "webhooks:read",
  query: listEventsQuerySchema,
  responses: {
    200: {
      description: "One page of the caller's events in the token's mode (the envelopes deliveries carry).",
      schema: listEnvelopeSchema(eventSchema).meta({ id: "EventList" }),
    },
  },
  errors: ["invalid_request"],
});

export const getEventRoute = defineRoute({
  operationId: "getEvent",
  summary: "Retrieve an event",
  tag: TAG,
  scope: "webhooks:read",
  params: z.strictObject({ id: z.string().min(1).max(64).meta({ description: "An event id (evt_…)." }) }),
  responses: { 200: { description: "The event envelope.", schema: eventSchema } },
  errors: ["not_found"],
});
