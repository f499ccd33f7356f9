// Which Stripe price sells which plan, both ways (the prices are configuration).
import type { Plan } from "../db";
import { loadEnv } from "../env";

export type PaidPlan = Exclude<Plan, "free">;

export function priceOfPlan(plan: PaidPlan): string | undefined {
  const env = loadEnv();
  return plan === "pro" ? env.STRIPE_PRICE_PRO : env.STRIPE_PRICE_BUSINESS;
}

/** The plan a subscription's price gives, or null for a price we do not sell. */
export function planOfPrice(priceId: string | null | undefined): PaidPlan | null {
  if (!priceId) return null;
  const env = loadEnv();
  if (priceId === env.STRIPE_PRICE_PRO) return "pro";
  if (priceId === env.STRIPE_PRICE_BUSINESS) return "business";
  return null;
}
