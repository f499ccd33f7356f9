// Whether this server sells anything. Without Stripe keys (a self-hosted install) the paying routes
// answer 503 billing_not_configured naming the settings, and plans are changed by an administrator
// (/dashboard/admin/set-quota). lib/env.ts already refuses a half-configured Stripe at start.
import { loadEnv, type Env } from "../env";
import { ApiError } from "../http/errors";

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  pricePro: string;
  priceBusiness: string;
}

export function billingEnabled(env: Env = loadEnv()): boolean {
  return Boolean(env.STRIPE_SECRET_KEY);
}

/** The Stripe settings, or 503 billing_not_configured naming what is missing (`extra`: what this route also sells). */
export function requireBilling(extra: Array<"STRIPE_PRICE_OVERAGE" | "CREDIT_PACKS"> = []): StripeSettings {
  const env = loadEnv();
  const missing: string[] = [];
  if (!env.STRIPE_SECRET_KEY)
    missing.push("STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET", "STRIPE_PRICE_PRO", "STRIPE_PRICE_BUSINESS");
  if (extra.includes("STRIPE_PRICE_OVERAGE") && !env.STRIPE_PRICE_OVERAGE) missing.push("STRIPE_PRICE_OVERAGE");
  if (extra.includes("CREDIT_PACKS") && env.CREDIT_PACKS.length === 0) missing.push("CREDIT_PACKS");
  if (missing.length > 0) {
    throw new ApiError(
      "billing_not_configured",
      `Billing is not configured on this server: set ${missing.join(", ")} (see README.md, "Billing"). ` +
        "Without billing, an administrator changes plans with /dashboard/admin/set-quota.",
      // Every 503 says when to come back; configuration changes with a restart, not in seconds.
      { headers: { "Retry-After": "3600" } },
    );
  }
  return {
    secretKey: env.STRIPE_SECRET_KEY!,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET!,
    pricePro: env.STRIPE_PRICE_PRO!,
    priceBusiness: env.STRIPE_PRICE_BUSINESS!,
  };
}
