import { withApp } from "@/lib/api/app-api";
import { OverageRequest, checkoutSessionSchema } from "@/lib/billing/billing-schema";
import { purchasePack } from "@/lib/billing/purchase-pack";
import { json } from "@/lib/http/response";

export const dynamic = "force-dynamic";

export const POST = withApp(
  {
    operationId: "purchaseOverage",
    summary: "One-time purchase of an overage pack of extra verifications",
    description:
      "A Stripe Checkout session for OVERAGE_PACK_CREDITS verifications per pack; credited when Stripe confirms payment.",
    tag: "billing",
    access: "user",
    body: { json: OverageRequest, required: false },
    responses: { 200: { description: "Where to send the buyer.", schema: checkoutSessionSchema } },
    errors: ["billing_not_configured", "payment_processor_unavailable"],
  },
  async ({ db, user, body }) =>
    json(
      await purchasePack(db, user, {
        kind: "overage",
        quantity: body?.quantity,
        successPath: body?.success_path,
        cancelPath: body?.cancel_path,
      }),
    ),
);
