// One Stripe customer per user, created once: the idempotency key is built from our user id, so two
// concurrent first checkouts get the same customer from Stripe, and the id is stored only if none is.
import type { Db, User } from "../db";
import { callStripe } from "./stripe-client";

export async function ensureStripeCustomer(db: Db, user: Pick<User, "id" | "email" | "name">): Promise<string> {
  const known = await db.user.findUniqueOrThrow({ where: { id: user.id }, select: { stripeCustomerId: true } });
  if (known.stripeCustomerId) return known.stripeCustomerId;
  const customer = await callStripe("create a customer", (stripe) =>
    stripe.customers.create(
      { email: user.email, name: user.name ?? undefined, metadata: { user_id: user.id } },
      { idempotencyKey: `customer:${user.id}` },
    ),
  );
  await db.user.updateMany({ where: { id: user.id, stripeCustomerId: null }, data: { stripeCustomerId: customer.id } });
  const stored = await db.user.findUniqueOrThrow({ where: { id: user.id }, select: { stripeCustomerId: true } });
  return stored.stripeCustomerId!;
}
