// invoice.payment_failed: the first failure opens a grace period of BILLING_GRACE_DAYS during which
// the plan stays; a failure reported after it ends (Stripe retries the invoice) downgrades to free.
// Reading the billing status applies a lapsed grace too (expire-grace.ts).
import type Stripe from "stripe";
import type { DbClient } from "../../db";
import { loadEnv } from "../../env";
import { log } from "../../log";
import { applyPlan } from "../apply-plan";
import { findBilledUser } from "./find-billed-user";

export async function invoicePaymentFailed(tx: DbClient, event: Stripe.Event): Promise<void> {
  const invoice = event.data.object as Stripe.Invoice;
  const user = await findBilledUser(tx, { customer: invoice.customer, metadata: invoice.metadata });
  if (!user) return log.warn("stripe invoice of an unknown account", { invoice: invoice.id });
  const at = new Date(event.created * 1000);
  if (!user.paymentGraceUntil) {
    const graceUntil = new Date(at.getTime() + loadEnv().BILLING_GRACE_DAYS * 86_400_000);
    await tx.user.update({
      where: { id: user.id },
      data: { paymentGraceUntil: graceUntil, subscriptionStatus: "past_due" },
    });
    return;
  }
  if (at <= user.paymentGraceUntil) return;
  await tx.user.update({ where: { id: user.id }, data: { subscriptionStatus: "unpaid" } });
  await applyPlan(tx, user.id, "free", event.id);
}
