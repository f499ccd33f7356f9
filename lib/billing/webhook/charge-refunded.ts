// charge.refunded: the refunded share of a pack's credits is withdrawn. Credits already spent
// cannot be taken back: the balance never goes below zero, and the ledger row says how many were
// withdrawn of how many refunded.
import type Stripe from "stripe";
import type { DbClient } from "../../db";
import { bookCredits } from "../../credits/book-credits";
import { lockUser } from "../../db/statements/lock-user";
import { idOf } from "./find-billed-user";

export async function chargeRefunded(tx: DbClient, event: Stripe.Event): Promise<void> {
  const charge = event.data.object as Stripe.Charge;
  const paymentIntent = idOf(charge.payment_intent);
  if (!paymentIntent || charge.amount <= 0) return;
  const transaction = await tx.creditPackTransaction.findUnique({ where: { stripePaymentIntentId: paymentIntent } });
  if (!transaction) return; // a subscription invoice's charge: no pack credits to withdraw
  const share = Math.min(1, charge.amount_refunded / charge.amount);
  const due = Math.round(transaction.credits * share) - transaction.refundedCredits;
  if (due <= 0) return;
  if (!transaction.userId) {
    // The account was erased (the payment record stays, anonymised): no balance left to take from.
    await tx.creditPackTransaction.update({
      where: { id: transaction.id },
      data: { refundedCredits: transaction.refundedCredits + due, ...(share >= 1 && { status: "refunded" }) },
    });
    return;
  }
  await lockUser(tx, transaction.userId);
  const { creditBalance } = await tx.user.findUniqueOrThrow({
    where: { id: transaction.userId },
    select: { creditBalance: true },
  });
  const withdrawn = Math.min(due, Math.max(0, creditBalance));
  await bookCredits(tx, {
    userId: transaction.userId,
    delta: -withdrawn,
    reason: "refund",
    carryover: true,
    reference: `refund:${event.id}`,
    note: `refund of ${transaction.pack}: ${due} credits refunded, ${withdrawn} withdrawn (${due - withdrawn} already used)`,
  });
  await tx.creditPackTransaction.update({
    where: { id: transaction.id },
    data: {
      refundedCredits: transaction.refundedCredits + due,
      ...(share >= 1 && { status: "refunded" }),
    },
  });
}
