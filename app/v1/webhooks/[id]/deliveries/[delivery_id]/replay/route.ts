import { withPublicApi } from "@/lib/api/public-api";
import { json } from "@/lib/http/response";
import { replayDelivery } from "@/lib/webhooks/replay-delivery";
import { deliveryParamsSchema, webhookDeliverySchema } from "@/lib/webhooks/webhook-schema";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const POST = withPublicApi(
  {
    operationId: "replayWebhookDelivery",
    summary: "Deliver an event again",
    description:
      "Creates a new delivery of the same event (replay_of names the original) and starts the ladder again from attempt 1, whatever the original's state.",
    tag: "Webhooks",
    scope: "webhooks:write",
    params: deliveryParamsSchema,
    responses: { 202: { description: "The new, queued delivery.", schema: webhookDeliverySchema } },
    errors: ["not_found"],
  },
  async ({ db, auth, params }) =>
    json(await replayDelivery(db, params.id, params.delivery_id, { userId: auth.user.id, livemode: auth.livemode }), {
      status: 202,
    }),
);
