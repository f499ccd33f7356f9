import { withPublicApi } from "@/lib/api/public-api";
import { parseQuery } from "@/lib/http/request";
import { json } from "@/lib/http/response";
import { listEvents } from "@/lib/events/list-events";
import { listEventsRoute } from "@/lib/webhooks/contracts";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = withPublicApi(listEventsRoute, async ({ req, db, auth }) => {
  const query = parseQuery(req, listEventsRoute.query);
  return json(await listEvents(db, { userId: auth.user.id, livemode: auth.livemode }, query));
});
