// A one-time Stripe Checkout for credits: a marketplace pack or the overage pack. The purchase is a
// pending CreditPackTransaction first; its id is the session's idempotency key and metadata, and the
// credits arrive only with Stripe's checkout.session.completed (webhook/checkout-completed.ts).
import type { Db, PackKind, User } from "../db";
import { ApiError } from "../http/errors";
import { newId } from "../ids";
import { requireBilling } from "./billing-config";
import { ensureStripeCustomer } from "./ensure-stripe-customer";
import { creditPacks, overagePack, type Pack } from "./packs";
import { ownSiteUrl } from "./return-url";
import { callStripe } from "./stripe-client";

export interface PurchaseInput {
  kind: PackKind;
  /** Marketplace packs: the pack's id in CREDIT_PACKS. */
  packId?: string;
  /** How many packs (overage may be bought several at once). */
  quantity?: number;
  successPath?: string;
  cancelPath?: string;
}

function choosePack(input: PurchaseInput): Pack {
  if (input.kind === "overage") {
    requireBilling(["STRIPE_PRICE_OVERAGE"]);
    return overagePack()!;
  }
  requireBilling(["CREDIT_PACKS"]);
  const packs = creditPacks();
  const pack = packs.find((p) => p.id === input.packId);
  if (!pack) {
    throw new ApiError(
      "invalid_request",
      `No credit pack "${input.packId}"; on offer: ${packs.map((p) => p.id).join(", ")}.`,
      {
        issues: [{ loc: ["body", "pack_id"], msg: "unknown pack", type: "value_error" }],
      },
    );
  }
  return pack;
}

export async function purchasePack(db: Db, user: User, input: PurchaseInput) {
  const pack = choosePack(input);
  const quantity = input.quantity ?? 1;
  const successUrl = ownSiteUrl(input.successPath, "/billing?purchase=success", "success_path");
  const cancelUrl = ownSiteUrl(input.cancelPath, "/billing?purchase=cancelled", "cancel_path");
  const customer = await ensureStripeCustomer(db, user);
  const transaction = await db.creditPackTransaction.create({
    data: {
      id: newId("packTransaction"),
      userId: user.id,
      kind: input.kind,
      pack: pack.id,
      credits: pack.credits * quantity,
      amountCents: pack.amountCents * quantity,
      currency: pack.currency,
    },
  });
  const session = await callStripe("open a checkout session", (stripe) =>
    stripe.checkout.sessions.create(
      {
        mode: "payment",
        customer,
        client_reference_id: user.id,
        line_items: [{ price: pack.price, quantity }],
        success_url: successUrl,
        cancel_url: cancelUrl,
        metadata: { user_id: user.id, transaction_id: transaction.id },
        payment_intent_data: { metadata: { user_id: user.id, transaction_id: transaction.id } },
      },
      { idempotencyKey: `pack:${transaction.id}` },
    ),
  );
  await db.creditPackTransaction.update({ where: { id: transaction.id }, data: { stripeSessionId: session.id } });
  if (!session.url)
    throw new ApiError("payment_processor_unavailable", "Stripe opened a checkout session without a URL.", {
      headers: { "Retry-After": "30" },
    });
  return { session_id: session.id, url: session.url, transaction_id: transaction.id, credits: transaction.credits };
}
