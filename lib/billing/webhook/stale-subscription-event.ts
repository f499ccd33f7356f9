// Stripe does not deliver events in order: an "updated" sent before a "deleted" can arrive after it
// and would make a cancelled subscription paid again. The account keeps the creation time of the
// last subscription event it applied; one created earlier is old news and changes nothing. Events of
// the same second are applied in arrival order (Stripe's `created` has a one-second resolution).
import type Stripe from "stripe";
import type { User } from "../../db";

export const eventTime = (event: Stripe.Event) => new Date(event.created * 1000);

export function isStaleSubscriptionEvent(user: Pick<User, "subscriptionEventAt">, event: Stripe.Event) {
  return user.subscriptionEventAt !== null && eventTime(event) < user.subscriptionEventAt;
}
