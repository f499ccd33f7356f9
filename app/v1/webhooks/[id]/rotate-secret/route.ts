import { withPublicApi } from "@/lib/api/public-api";
import { json } from "@/lib/http/response";
import { rotateEndpointSecret } from "@/lib/webhooks/rotate-endpoint-secret";
import { webhookEndpointWithSecretSchema, webhookParamsSchema } from "@/lib/webhooks/webhook-schema";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const POST = withPublicApi(
  {
    operationId: "rotateWebhookSecret",
    summary: "Replace the signing secret",
    description:
      "The new secret signs every later attempt at once, retries of older deliveries included. It is shown once.",
    tag: "Webhooks",
    scope: "webhooks:write",
    params: webhookParamsSchema,
    responses: {
      200: { description: "The endpoint with its new signing secret.", schema: webhookEndpointWithSecretSchema },
    },
    errors: ["not_found"],
  },
  async ({ db, auth, params }) =>
    json(await rotateEndpointSecret(db, params.id, { userId: auth.user.id, livemode: auth.livemode })),
);
