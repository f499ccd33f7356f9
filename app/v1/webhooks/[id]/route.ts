import { withPublicApi } from "@/lib/api/public-api";
import { parseParams } from "@/lib/http/request";
import { json } from "@/lib/http/response";
import { deleteWebhookRoute, getWebhookRoute } from "@/lib/webhooks/contracts";
import { deleteEndpoint } from "@/lib/webhooks/delete-endpoint";
import { getEndpointOrThrow } from "@/lib/webhooks/get-endpoint-or-throw";
import { toApiEndpoint } from "@/lib/webhooks/serialize";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = withPublicApi<{ id: string }>(getWebhookRoute, async ({ db, auth, params }) => {
  const { id } = parseParams(params, getWebhookRoute.params);
  return json(toApiEndpoint(await getEndpointOrThrow(db, id, { userId: auth.user.id, livemode: auth.livemode })));
});

export const DELETE = withPublicApi<{ id: string }>(deleteWebhookRoute, async ({ db, auth, params }) => {
  const { id } = parseParams(params, deleteWebhookRoute.params);
  return json(await deleteEndpoint(db, id, { userId: auth.user.id, livemode: auth.livemode }));
});
