// The Stripe customer portal, where subscribers change plan, update their card, cancel or read their
// invoices. A user who never bought anything gets their (one) Stripe customer now.
import type { Db, User } from "../db";
import { requireBilling } from "./billing-config";
import { ensureStripeCustomer } from "./ensure-stripe-customer";
import { ownSiteUrl } from "./return-url";
import { callStripe } from "./stripe-client";

export async function createPortalSession(db: Db, user: User, input: { returnPath?: string }) {
  requireBilling();
  const returnUrl = ownSiteUrl(input.returnPath, "/billing", "return_path");
  const customer = await ensureStripeCustomer(db, user);
  const session = await callStripe("open the customer portal", (stripe) =>
    stripe.billingPortal.sessions.create({ customer, return_url: returnUrl }),
  );
  return { url: session.url };
}
