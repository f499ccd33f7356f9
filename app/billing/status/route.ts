import { withApp } from "@/lib/api/app-api";
import { billingStatusSchema } from "@/lib/billing/billing-schema";
import { billingStatus } from "@/lib/billing/billing-status";
import { json } from "@/lib/http/response";

export const dynamic = "force-dynamic";

export const GET = withApp(
  {
    operationId: "getBillingStatus",
    summary: "Billing and subscription status",
    description:
      "Plan, subscription state and period end, credits included/used/remaining, overage opt-in, packs bought and pending actions.",
    tag: "billing",
    access: "user",
    responses: { 200: { description: "The status.", schema: billingStatusSchema } },
  },
  async ({ db, user }) => json(await billingStatus(db, user)),
);
