import { withPublicApi } from "@/lib/api/public-api";
import { parseJson, parseQuery } from "@/lib/http/request";
import { json } from "@/lib/http/response";
import { createWebhookRoute, listWebhooksRoute } from "@/lib/webhooks/contracts";
import { createEndpoint } from "@/lib/webhooks/create-endpoint";
import { listEndpoints } from "@/lib/webhooks/list-endpoints";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const POST = withPublicApi(createWebhookRoute, async ({ req, db, auth }) => {
  const body = await parseJson(req, createWebhookRoute.body.json, 64 * 1024);
  return json(await createEndpoint(db, { userId: auth.user.id, livemode: auth.livemode }, body));
});

export const GET = withPublicApi(listWebhooksRoute, async ({ req, db, auth }) => {
  const query = parseQuery(req, listWebhooksRoute.query);
  return json(await listEndpoints(db, { userId: auth.user.id, livemode: auth.livemode }, query));
});
