import { withPublicApi } from "@/lib/api/public-api";
import { parseParams, parseQuery } from "@/lib/http/request";
import { json } from "@/lib/http/response";
import { listWebhookDeliveriesRoute } from "@/lib/webhooks/contracts";
import { listDeliveries } from "@/lib/webhooks/list-deliveries";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = withPublicApi<{ id: string }>(listWebhookDeliveriesRoute, async ({ req, db, auth, params }) => {
  const { id } = parseParams(params, listWebhookDeliveriesRoute.params);
  const query = parseQuery(req, listWebhookDeliveriesRoute.query);
  return json(await listDeliveries(db, id, { userId: auth.user.id, livemode: auth.livemode }, query));
});
