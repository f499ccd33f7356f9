import { withPublicApi } from "@/lib/api/public-api";
import { listEnvelopeSchema, paginationQuerySchema } from "@/lib/http/pagination";
import { json } from "@/lib/http/response";
import { createEndpoint } from "@/lib/webhooks/create-endpoint";
import { listEndpoints } from "@/lib/webhooks/list-endpoints";
import {
  createWebhookSchema,
  webhookEndpointSchema,
  webhookEndpointWithSecretSchema,
} from "@/lib/webhooks/webhook-schema";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const POST = withPublicApi(
  {
    operationId: "createWebhook",
    summary: "Register a webhook endpoint",
    description:
      "The answer carries the signing secret (`whsec_…`) once. Live-mode URLs must be https; private, loopback and link-local targets are refused unless the operator allows them.",
    tag: "Webhooks",
    scope: "webhooks:write",
    body: { json: createWebhookSchema, limit: 64 * 1024 },
    responses: {
      200: { description: "The endpoint, with its signing secret.", schema: webhookEndpointWithSecretSchema },
    },
  },
  async ({ db, auth, body }) => json(await createEndpoint(db, { userId: auth.user.id, livemode: auth.livemode }, body)),
);

export const GET = withPublicApi(
  {
    operationId: "listWebhooks",
    summary: "List webhook endpoints, newest first",
    tag: "Webhooks",
    scope: "webhooks:read",
    query: paginationQuerySchema.strict(),
    responses: {
      200: {
        description: "One page of the caller's endpoints in the token's mode.",
        schema: listEnvelopeSchema(webhookEndpointSchema).meta({ id: "WebhookEndpointList" }),
      },
    },
  },
  async ({ db, auth, query }) =>
    json(await listEndpoints(db, { userId: auth.user.id, livemode: auth.livemode }, query)),
);
