// invoice.paid: a renewal starts the new period with the plan's credits plus the carried-over ones
// (unused included credits do not roll over, as in lib/credits/reset-credits-if-due.ts); any paid invoice ends a grace period and is a
// first payment for the referral reward.
import type Stripe from "stripe";
import type { DbClient } from "../../db";
import { startCreditPeriod } from "../../credits/book-credits";
import { quotaOf } from "../../credits/quota";
import { log } from "../../log";
import { rewardReferral } from "../reward-referral";
import { findBilledUser } from "./find-billed-user";

/** The lazy monthly reset waits this long past the paid period, so the invoice's reset comes first. */
const RESET_MARGIN_MS = 24 * 3600_000;

export async function invoicePaid(tx: DbClient, event: Stripe.Event): Promise<void> {
  const invoice = event.data.object as Stripe.Invoice;
  const user = await findBilledUser(tx, { customer: invoice.customer, metadata: invoice.metadata });
  if (!user) return log.warn("stripe invoice of an unknown account", { invoice: invoice.id });
  await tx.user.update({
    where: { id: user.id },
    data: { paymentGraceUntil: null, ...(user.stripeSubscriptionId && { subscriptionStatus: "active" }) },
  });
  if (invoice.billing_reason === "subscription_cycle") {
    const period = invoice.lines?.data[0]?.period;
    await startCreditPeriod(tx, {
      userId: user.id,
      included: quotaOf(user).included,
      reason: "period_reset",
      reference: `stripe:${invoice.id}`,
      note: "subscription renewed",
    });
    if (period) {
      await tx.user.update({
        where: { id: user.id },
        data: {
          creditsPeriodStart: new Date(period.start * 1000),
          creditsResetAt: new Date(period.end * 1000 + RESET_MARGIN_MS),
          subscriptionPeriodEnd: new Date(period.end * 1000),
        },
      });
    }
  }
  if ((invoice.amount_paid ?? 0) > 0) await rewardReferral(tx, user.id, "first_payment");
}
