// customer.subscription.deleted: the subscription has ended; the account is free again.
import type Stripe from "stripe";
import type { DbClient } from "../../db";
import { log } from "../../log";
import { applyPlan } from "../apply-plan";
import { findBilledUser } from "./find-billed-user";
import { eventTime, isStaleSubscriptionEvent } from "./stale-subscription-event";

export async function subscriptionDeleted(tx: DbClient, event: Stripe.Event): Promise<void> {
  const subscription = event.data.object as Stripe.Subscription;
  const user = await findBilledUser(tx, subscription);
  if (!user) return log.warn("stripe subscription of an unknown account", { subscription: subscription.id });
  if (isStaleSubscriptionEvent(user, event)) return;
  if (user.stripeSubscriptionId && user.stripeSubscriptionId !== subscription.id) return; // an older one
  await tx.user.update({
    where: { id: user.id },
    data: {
      stripeSubscriptionId: null,
      subscriptionStatus: "canceled",
      subscriptionCancelAtPeriodEnd: false,
      paymentGraceUntil: null,
      subscriptionEventAt: eventTime(event),
    },
  });
  await applyPlan(tx, user.id, "free", event.id);
}
