// The one Stripe SDK client. STRIPE_API_URL points it elsewhere (the tests' local stand-in,
// tests/helpers/stripe-stand-in.ts); by default it talks to api.stripe.com.
import Stripe from "stripe";
import { loadEnv } from "../env";
import { ApiError } from "../http/errors";
import { requireBilling } from "./billing-config";

let cached: { key: string; client: Stripe } | undefined;

export function stripeClient(): Stripe {
  const { secretKey } = requireBilling();
  const apiUrl = loadEnv().STRIPE_API_URL;
  const key = `${secretKey}|${apiUrl ?? ""}`;
  if (cached?.key === key) return cached.client;
  const target = apiUrl ? new URL(apiUrl) : undefined;
  const client = new Stripe(secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(target && {
      host: target.hostname,
      port: target.port || (target.protocol === "https:" ? 443 : 80),
      protocol: target.protocol === "https:" ? "https" : "http",
    }),
  });
  cached = { key, client };
  return client;
}

/** A Stripe call; its failures become 503 payment_processor_unavailable with Stripe's own message. */
export async function callStripe<T>(what: string, call: (stripe: Stripe) => Promise<T>): Promise<T> {
  const stripe = stripeClient();
  try {
    return await call(stripe);
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError) {
      throw new ApiError("payment_processor_unavailable", `Stripe refused to ${what}: ${error.message}`, {
        headers: { "Retry-After": "30" },
      });
    }
    throw error;
  }
}
