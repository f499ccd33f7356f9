// A Stripe Checkout session subscribing the user to pro or business. A pending percent coupon of
// the user's is applied as a discount. The idempotency key is our user id, plan and a ten-minute
// window: a double click opens the same session instead of two.
import type { Db, User } from "../db";
import { ApiError } from "../http/errors";
import { requireBilling } from "./billing-config";
import { ensureStripeCustomer } from "./ensure-stripe-customer";
import { pendingDiscount } from "./pending-discount";
import { priceOfPlan, type PaidPlan } from "./price-plans";
import { ownSiteUrl } from "./return-url";
import { callStripe } from "./stripe-client";

const WINDOW_MS = 10 * 60_000;

export interface CheckoutInput {
  plan: PaidPlan;
  successPath?: string;
  cancelPath?: string;
}

export async function createCheckoutSession(db: Db, user: User, input: CheckoutInput, now = new Date()) {
  requireBilling();
  const price = priceOfPlan(input.plan)!;
  if (user.plan === input.plan && user.stripeSubscriptionId && user.subscriptionStatus !== "canceled") {
    throw new ApiError(
      "conflict",
      `You already subscribe to ${input.plan}; change or cancel it in the subscription portal (/billing/create-portal-session).`,
    );
  }
  const successUrl = ownSiteUrl(input.successPath, "/billing?checkout=success", "success_path");
  const cancelUrl = ownSiteUrl(input.cancelPath, "/billing?checkout=cancelled", "cancel_path");
  const customer = await ensureStripeCustomer(db, user);
  const discount = await pendingDiscount(db, user.id);
  const window = Math.floor(now.getTime() / WINDOW_MS);
  const session = await callStripe("open a checkout session", (stripe) =>
    stripe.checkout.sessions.create(
      {
        mode: "subscription",
        customer,
        client_reference_id: user.id,
        line_items: [{ price, quantity: 1 }],
        success_url: successUrl,
        cancel_url: cancelUrl,
        metadata: { user_id: user.id, plan: input.plan, ...(discount && { redemption_id: discount.redemptionId }) },
        subscription_data: { metadata: { user_id: user.id } },
        ...(discount && { discounts: [{ coupon: discount.stripeCouponId }] }),
      },
      { idempotencyKey: `checkout:${user.id}:${input.plan}:${discount?.redemptionId ?? "-"}:${window}` },
    ),
  );
  if (!session.url)
    throw new ApiError("payment_processor_unavailable", "Stripe opened a checkout session without a URL.", {
      headers: { "Retry-After": "30" },
    });
  return { session_id: session.id, url: session.url, plan: input.plan };
}
