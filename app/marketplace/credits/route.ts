import { withApp } from "@/lib/api/app-api";
import { marketplaceCreditsSchema } from "@/lib/billing/billing-schema";
import { marketplaceCredits } from "@/lib/billing/marketplace-credits";
import { json } from "@/lib/http/response";

export const dynamic = "force-dynamic";

export const GET = withApp(
  {
    operationId: "getMarketplaceCredits",
    summary: "Remaining credits and available packs",
    tag: "marketplace",
    access: "user",
    responses: { 200: { description: "Credits and packs (none without billing).", schema: marketplaceCreditsSchema } },
  },
  async ({ db, user }) => json(await marketplaceCredits(db, user)),
);
