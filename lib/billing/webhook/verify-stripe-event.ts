// A Stripe webhook is believed only if its Stripe-Signature matches the exact bytes received
// (HMAC-SHA256 with STRIPE_WEBHOOK_SECRET, timestamp within the SDK's 300 s tolerance).
import Stripe from "stripe";
import { ApiError } from "../../http/errors";
import { requireBilling } from "../billing-config";
import { stripeClient } from "../stripe-client";

export function verifyStripeEvent(rawBody: Buffer, signature: string | null): Stripe.Event {
  const { webhookSecret } = requireBilling();
  if (!signature) throw new ApiError("invalid_signature", "The Stripe-Signature header is missing.");
  try {
    return stripeClient().webhooks.constructEvent(rawBody, signature, webhookSecret);
  } catch (error) {
    if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
      throw new ApiError("invalid_signature", `The Stripe signature does not verify: ${error.message}`);
    }
    throw error;
  }
}
