import { withApp } from "@/lib/api/app-api";
import { json } from "@/lib/http/response";
import { getHolderStats, holderStatsSchema } from "@/lib/holder/stats/get-holder-stats";

export const dynamic = "force-dynamic";

export const GET = withApp(
  {
    operationId: "getHolderStats",
    summary: "Credential and profile view counts",
    description:
      "A view is one visitor (an account, or an address and browser) per UTC day; the owner's own visits do not count.",
    tag: "holder",
    access: "user",
    responses: { 200: { description: "The counts.", schema: holderStatsSchema } },
    errors: ["not_found"],
  },
  async ({ db, user }) => json(await getHolderStats(db, user.id)),
);
