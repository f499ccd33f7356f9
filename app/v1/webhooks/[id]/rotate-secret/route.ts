import { withPublicApi } from "@/lib/api/public-api";
import { parseParams } from "@/lib/http/request";
import { json } from "@/lib/http/response";
import { rotateWebhookSecretRoute } from "@/lib/webhooks/contracts";
import { rotateEndpointSecret } from "@/lib/webhooks/rotate-endpoint-secret";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const POST = withPublicApi<{ id: string }>(rotateWebhookSecretRoute, async ({ db, auth, params }) => {
  const { id } = parseParams(params, rotateWebhookSecretRoute.params);
  return json(await rotateEndpointSecret(db, id, { userId: auth.user.id, livemode: auth.livemode }));
});
