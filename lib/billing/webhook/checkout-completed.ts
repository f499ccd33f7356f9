// checkout.session.completed (and async_payment_succeeded): a subscription checkout gives its plan;
// a pack checkout, once paid, books the pack's credits. A percent coupon used by the session is
// spent, and a first payment rewards the referrer.
import type Stripe from "stripe";
import type { DbClient } from "../../db";
import { bookCredits } from "../../credits/book-credits";
import { log } from "../../log";
import { applyPlan } from "../apply-plan";
import { rewardReferral } from "../reward-referral";
import { findBilledUser, idOf } from "./find-billed-user";

export async function checkoutCompleted(tx: DbClient, event: Stripe.Event): Promise<void> {
  const session = event.data.object as Stripe.Checkout.Session;
  const user = await findBilledUser(tx, session);
  if (!user) return log.warn("stripe checkout for an unknown account", { session: session.id });
  const customer = idOf(session.customer);
  if (customer && !user.stripeCustomerId) {
    await tx.user.update({ where: { id: user.id }, data: { stripeCustomerId: customer } });
  }
  const paid = session.payment_status === "paid" || session.payment_status === "no_payment_required";
  if (session.mode === "subscription") {
    const plan = session.metadata?.plan;
    if (plan !== "pro" && plan !== "business")
      return log.warn("stripe checkout without a plan", { session: session.id });
    await tx.user.update({
      where: { id: user.id },
      data: { stripeSubscriptionId: idOf(session.subscription), subscriptionStatus: "active", paymentGraceUntil: null },
    });
    await applyPlan(tx, user.id, plan, event.id);
    const redemption = session.metadata?.redemption_id;
    if (redemption) {
      await tx.couponRedemption.updateMany({
        where: { id: redemption, userId: user.id, appliedAt: null },
        data: { appliedAt: new Date() },
      });
    }
  } else if (session.mode === "payment" && paid) {
    await creditPack(tx, user.id, session);
  }
  if (paid) await rewardReferral(tx, user.id, "first_payment");
}

async function creditPack(tx: DbClient, userId: string, session: Stripe.Checkout.Session) {
  const transactionId = session.metadata?.transaction_id;
  const transaction = transactionId
    ? await tx.creditPackTransaction.findFirst({ where: { id: transactionId, userId } })
    : await tx.creditPackTransaction.findFirst({ where: { stripeSessionId: session.id, userId } });
  if (!transaction) return log.warn("stripe payment without a pack transaction", { session: session.id });
  const marked = await tx.creditPackTransaction.updateMany({
    where: { id: transaction.id, status: "pending" },
    data: {
      status: "paid",
      paidAt: new Date(),
      stripeSessionId: session.id,
      stripePaymentIntentId: idOf(session.payment_intent),
    },
  });
  if (marked.count === 0) return;
  await bookCredits(tx, {
    userId,
    delta: transaction.credits,
    reason: "purchase",
    reference: `stripe:${session.id}`,
    note: `${transaction.kind} ${transaction.pack}`,
    carryover: true,
  });
}
