import { defineRoute } from "../openapi/contract";
import { BATCH_BODY_LIMIT, batchParamsSchema, batchSchema, createBatchSchema, MAX_BATCH_ITEMS } from "./batch-schema";

export const createBatchRoute = defineRoute({
  operationId: "createBatch",
  summary: "Submit a batch of documents",
  description:
    `Business plan. Up to ${MAX_BATCH_ITEMS} documents (base64 + content_type, or url). Answers 202 at once with the batch; ` +
    "items are verified in the background. Poll GET /v1/batches/{id} or subscribe to batch.completed.",
  tag: "Batches",
  scope: "verifications:write",
  plan: "business",
  idempotent: { bodyLimit: () => BATCH_BODY_LIMIT },
  body: { json: createBatchSchema },
  responses: { 202: { description: "The batch, accepted; items queued.", schema: batchSchema } },
  errors: ["invalid_request", "idempotency_conflict", "payload_too_large", "unsupported_media_type"],
});

export const getBatchRoute = defineRoute({
  operationId: "getBatch",
  summary: "Retrieve a batch and its progress",
  tag: "Batches",
  scope: "batches:read",
  params: batchParamsSchema,
  responses: { 200: { description: "The batch with its counts and items.", schema: batchSchema } },
  errors: ["not_found"],
});
