// customer.subscription.created / updated: plan from the subscription's price, its status, period
// end and cancellation at period end. Active, trialing and past-due subscriptions give their plan
// (past due is the grace period of invoice-payment-failed.ts); incomplete ones wait for payment;
// any other status (canceled, unpaid, incomplete_expired, paused) means free.
import type Stripe from "stripe";
import type { DbClient } from "../../db";
import { log } from "../../log";
import { applyPlan } from "../apply-plan";
import { planOfPrice } from "../price-plans";
import { findBilledUser } from "./find-billed-user";
import { eventTime, isStaleSubscriptionEvent } from "./stale-subscription-event";

const ENTITLED = new Set(["active", "trialing", "past_due"]);

export async function subscriptionChanged(tx: DbClient, event: Stripe.Event): Promise<void> {
  const subscription = event.data.object as Stripe.Subscription;
  const user = await findBilledUser(tx, subscription);
  if (!user) return log.warn("stripe subscription of an unknown account", { subscription: subscription.id });
  if (isStaleSubscriptionEvent(user, event)) return;
  // An old subscription's late news must not undo the current one.
  if (user.stripeSubscriptionId && user.stripeSubscriptionId !== subscription.id && !ENTITLED.has(subscription.status))
    return;
  const item = subscription.items.data[0];
  const plan = planOfPrice(item?.price.id);
  if (!plan) return log.warn("stripe subscription to a price we do not sell", { subscription: subscription.id });
  await tx.user.update({
    where: { id: user.id },
    data: {
      stripeSubscriptionId: subscription.id,
      subscriptionStatus: subscription.status,
      subscriptionPeriodEnd: item?.current_period_end ? new Date(item.current_period_end * 1000) : null,
      subscriptionCancelAtPeriodEnd: subscription.cancel_at_period_end,
      subscriptionEventAt: eventTime(event),
      ...(subscription.status === "active" && { paymentGraceUntil: null }),
    },
  });
  if (subscription.status === "incomplete") return;
  await applyPlan(tx, user.id, ENTITLED.has(subscription.status) ? plan : "free", event.id);
}
