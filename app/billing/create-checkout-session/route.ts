import { withApp } from "@/lib/api/app-api";
import { CheckoutRequest, checkoutSessionSchema } from "@/lib/billing/billing-schema";
import { createCheckoutSession } from "@/lib/billing/create-checkout-session";
import { json } from "@/lib/http/response";

export const dynamic = "force-dynamic";

export const POST = withApp(
  {
    operationId: "createCheckoutSession",
    summary: "Checkout session URL",
    description:
      "A Stripe Checkout session subscribing the caller to pro or business; a redeemed percent coupon applies.",
    tag: "billing",
    access: "user",
    body: { json: CheckoutRequest },
    responses: { 200: { description: "Where to send the buyer.", schema: checkoutSessionSchema } },
    errors: ["conflict", "billing_not_configured", "payment_processor_unavailable"],
  },
  async ({ db, user, body }) =>
    json(
      await createCheckoutSession(db, user, {
        plan: body.plan,
        successPath: body.success_path,
        cancelPath: body.cancel_path,
      }),
    ),
);
