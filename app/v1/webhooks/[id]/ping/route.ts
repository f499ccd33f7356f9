import { withPublicApi } from "@/lib/api/public-api";
import { json } from "@/lib/http/response";
import { pingEndpoint } from "@/lib/webhooks/ping-endpoint";
import { webhookDeliverySchema, webhookParamsSchema } from "@/lib/webhooks/webhook-schema";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const POST = withPublicApi(
  {
    operationId: "pingWebhook",
    summary: "Send a webhook.ping test delivery",
    tag: "Webhooks",
    scope: "webhooks:write",
    params: webhookParamsSchema,
    responses: {
      202: {
        description: "The queued delivery; poll the deliveries list for its attempts.",
        schema: webhookDeliverySchema,
      },
    },
    errors: ["not_found"],
  },
  async ({ db, auth, params }) =>
    json(await pingEndpoint(db, params.id, { userId: auth.user.id, livemode: auth.livemode }), { status: 202 }),
);
