// The account a Stripe object belongs to: by our user id in its metadata (set on every session and
// subscription we create), else by its Stripe customer.
import type { DbClient } from "../../db";

type Ref = string | { id: string } | null | undefined;

export function idOf(ref: Ref): string | null {
  if (!ref) return null;
  return typeof ref === "string" ? ref : ref.id;
}

export async function findBilledUser(
  tx: DbClient,
  object: { metadata?: Record<string, string> | null; customer?: Ref; client_reference_id?: string | null },
) {
  const userId = object.metadata?.user_id ?? object.client_reference_id ?? null;
  if (userId) {
    const user = await tx.user.findUnique({ where: { id: userId } });
    if (user) return user;
  }
  const customer = idOf(object.customer);
  if (!customer) return null;
  return tx.user.findUnique({ where: { stripeCustomerId: customer } });
}
