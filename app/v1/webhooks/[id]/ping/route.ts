import { withPublicApi } from "@/lib/api/public-api";
import { parseParams } from "@/lib/http/request";
import { json } from "@/lib/http/response";
import { pingWebhookRoute } from "@/lib/webhooks/contracts";
import { pingEndpoint } from "@/lib/webhooks/ping-endpoint";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const POST = withPublicApi<{ id: string }>(pingWebhookRoute, async ({ db, auth, params }) => {
  const { id } = parseParams(params, pingWebhookRoute.params);
  return json(await pingEndpoint(db, id, { userId: auth.user.id, livemode: auth.livemode }), { status: 202 });
});
