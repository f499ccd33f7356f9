// What can be bought once: the configured credit packs (CREDIT_PACKS) and the overage pack
// (STRIPE_PRICE_OVERAGE, OVERAGE_PACK_CREDITS).
import { loadEnv } from "../env";

export interface Pack {
  id: string;
  name: string;
  credits: number;
  price: string;
  amountCents: number;
  currency: string;
}

export const OVERAGE_PACK_ID = "overage";

export function creditPacks(): Pack[] {
  return loadEnv().CREDIT_PACKS.map((p) => ({
    id: p.id,
    name: p.name ?? `${p.credits} verifications`,
    credits: p.credits,
    price: p.price,
    amountCents: p.amount_cents,
    currency: p.currency,
  }));
}

/** The overage pack; its amount is Stripe's to show at checkout (0 here: not configured locally). */
export function overagePack(): Pack | null {
  const env = loadEnv();
  if (!env.STRIPE_PRICE_OVERAGE) return null;
  return {
    id: OVERAGE_PACK_ID,
    name: `${env.OVERAGE_PACK_CREDITS} extra verifications`,
    credits: env.OVERAGE_PACK_CREDITS,
    price: env.STRIPE_PRICE_OVERAGE,
    amountCents: 0,
    currency: "",
  };
}
