import { withApp } from "@/lib/api/app-api";
import { PurchaseCreditsRequest, checkoutSessionSchema } from "@/lib/billing/billing-schema";
import { purchasePack } from "@/lib/billing/purchase-pack";
import { json } from "@/lib/http/response";

export const dynamic = "force-dynamic";

export const POST = withApp(
  {
    operationId: "purchaseCredits",
    summary: "Checkout session for a credit pack",
    description:
      "A Stripe Checkout session for a pack of GET /marketplace/credits; credited when Stripe confirms payment.",
    tag: "marketplace",
    access: "user",
    body: { json: PurchaseCreditsRequest },
    responses: { 200: { description: "Where to send the buyer.", schema: checkoutSessionSchema } },
    errors: ["billing_not_configured", "payment_processor_unavailable"],
  },
  async ({ db, user, body }) =>
    json(
      await purchasePack(db, user, {
        kind: "pack",
        packId: body.pack_id,
        quantity: body.quantity,
        successPath: body.success_path,
        cancelPath: body.cancel_path,
      }),
    ),
);
