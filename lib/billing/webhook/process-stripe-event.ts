// Each verified Stripe event is handled at most once: its id is recorded in the same transaction
// as its effect (a replay, even a concurrent one, finds the row and does nothing). Only the types
// below are handled, one file each; any other type is acknowledged and ignored.
import type Stripe from "stripe";
import type { Db, DbClient } from "../../db";
import { chargeRefunded } from "./charge-refunded";
import { checkoutCompleted } from "./checkout-completed";
import { invoicePaid } from "./invoice-paid";
import { invoicePaymentFailed } from "./invoice-payment-failed";
import { subscriptionChanged } from "./subscription-changed";
import { subscriptionDeleted } from "./subscription-deleted";

type Handler = (tx: DbClient, event: Stripe.Event) => Promise<void>;

export const HANDLED_EVENTS: Record<string, Handler> = {
  "checkout.session.completed": checkoutCompleted,
  "checkout.session.async_payment_succeeded": checkoutCompleted,
  "customer.subscription.created": subscriptionChanged,
  "customer.subscription.updated": subscriptionChanged,
  "customer.subscription.deleted": subscriptionDeleted,
  "invoice.paid": invoicePaid,
  "invoice.payment_failed": invoicePaymentFailed,
  "charge.refunded": chargeRefunded,
};

export type Outcome = "processed" | "duplicate" | "ignored";

export async function processStripeEvent(db: Db, event: Stripe.Event): Promise<Outcome> {
  const handler = Object.hasOwn(HANDLED_EVENTS, event.type) ? HANDLED_EVENTS[event.type] : undefined;
  if (!handler) return "ignored";
  return db.$transaction(
    async (tx) => {
      const recorded = await tx.processedStripeEvent.createMany({
        data: [{ id: event.id, type: event.type }],
        skipDuplicates: true,
      });
      if (recorded.count === 0) return "duplicate";
      await handler(tx, event);
      return "processed";
    },
    { timeout: 20_000 },
  );
}
