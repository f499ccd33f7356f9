import { withPublicApi } from "@/lib/api/public-api";
import { parseParams } from "@/lib/http/request";
import { json } from "@/lib/http/response";
import { getEventOrThrow } from "@/lib/events/list-events";
import { getEventRoute } from "@/lib/webhooks/contracts";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = withPublicApi<{ id: string }>(getEventRoute, async ({ db, auth, params }) => {
  const { id } = parseParams(params, getEventRoute.params);
  return json(await getEventOrThrow(db, id, { userId: auth.user.id, livemode: auth.livemode }));
});
