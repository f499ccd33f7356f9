import { accountSchema } from "@/lib/account/account-schema";
import { getAccount } from "@/lib/account/get-account";
import { withPublicApi } from "@/lib/api/public-api";
import { json } from "@/lib/http/response";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = withPublicApi(
  {
    operationId: "getAccount",
    summary: "Retrieve the account, plan and credits",
    tag: "Account",
    scope: "account:read",
    responses: { 200: { description: "The account of the token's owner.", schema: accountSchema } },
  },
  async ({ db, auth }) => json(await getAccount(db, auth.user, auth.livemode)),
);
