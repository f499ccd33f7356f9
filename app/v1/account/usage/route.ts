import { usageQuerySchema, usageSchema } from "@/lib/account/account-schema";
import { withPublicApi } from "@/lib/api/public-api";
import { json } from "@/lib/http/response";
import { getUsage } from "@/lib/usage/get-usage";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = withPublicApi(
  {
    operationId: "getUsage",
    summary: "Month-to-date usage histogram",
    tag: "Account",
    scope: "account:read",
    query: usageQuerySchema,
    responses: {
      200: { description: "Requests, errors and credits of the period in the token's mode.", schema: usageSchema },
    },
  },
  async ({ db, auth, query }) => json(await getUsage(db, { userId: auth.user.id, livemode: auth.livemode }, query)),
);
