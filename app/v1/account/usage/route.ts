import { getUsageRoute } from "@/lib/account/contracts";
import { withPublicApi } from "@/lib/api/public-api";
import { parseQuery } from "@/lib/http/request";
import { json } from "@/lib/http/response";
import { getUsage } from "@/lib/usage/get-usage";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = withPublicApi(getUsageRoute, async ({ req, db, auth }) => {
  const query = parseQuery(req, getUsageRoute.query);
  return json(await getUsage(db, { userId: auth.user.id, livemode: auth.livemode }, query));
});
