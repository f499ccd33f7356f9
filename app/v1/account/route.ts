import { getAccountRoute } from "@/lib/account/contracts";
import { getAccount } from "@/lib/account/get-account";
import { withPublicApi } from "@/lib/api/public-api";
import { json } from "@/lib/http/response";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = withPublicApi(getAccountRoute, async ({ db, auth }) =>
  json(await getAccount(db, auth.user, auth.livemode)),
);
