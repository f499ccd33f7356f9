import { withPublicApi } from "@/lib/api/public-api";
import { listEnvelopeSchema } from "@/lib/http/pagination";
import { json } from "@/lib/http/response";
import { listDeliveries } from "@/lib/webhooks/list-deliveries";
import { listDeliveriesQuerySchema, webhookDeliverySchema, webhookParamsSchema } from "@/lib/webhooks/webhook-schema";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = withPublicApi(
  {
    operationId: "listWebhookDeliveries",
    summary: "List an endpoint's deliveries with their attempts, newest first",
    tag: "Webhooks",
    scope: "webhooks:read",
    params: webhookParamsSchema,
    query: listDeliveriesQuerySchema,
    responses: {
      200: {
        description: "One page of deliveries.",
        schema: listEnvelopeSchema(webhookDeliverySchema).meta({ id: "WebhookDeliveryList" }),
      },
    },
    errors: ["not_found"],
  },
  async ({ db, auth, params, query }) =>
    json(await listDeliveries(db, params.id, { userId: auth.user.id, livemode: auth.livemode }, query)),
);
