import { z } from "zod";
import { withPublicApi } from "@/lib/api/public-api";
import { json } from "@/lib/http/response";
import { deleteEndpoint } from "@/lib/webhooks/delete-endpoint";
import { getEndpointOrThrow } from "@/lib/webhooks/get-endpoint-or-throw";
import { toApiEndpoint } from "@/lib/webhooks/serialize";
import { webhookEndpointSchema, webhookParamsSchema } from "@/lib/webhooks/webhook-schema";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = withPublicApi(
  {
    operationId: "getWebhook",
    summary: "Retrieve a webhook endpoint",
    tag: "Webhooks",
    scope: "webhooks:read",
    params: webhookParamsSchema,
    responses: { 200: { description: "The endpoint (without its secret).", schema: webhookEndpointSchema } },
    errors: ["not_found"],
  },
  async ({ db, auth, params }) =>
    json(toApiEndpoint(await getEndpointOrThrow(db, params.id, { userId: auth.user.id, livemode: auth.livemode }))),
);

export const DELETE = withPublicApi(
  {
    operationId: "deleteWebhook",
    summary: "Delete a webhook endpoint and its deliveries",
    tag: "Webhooks",
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
  },
  async ({ db, auth, params }) =>
    json(await deleteEndpoint(db, params.id, { userId: auth.user.id, livemode: auth.livemode })),
);
