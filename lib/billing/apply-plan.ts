// A plan change from billing (subscription started, changed, ended, or lapsed after the grace
// period). As with an administrator's change (lib/users/set-quota.ts), the difference in included
// credits is booked now, never taking the balance below zero; the ledger reference makes it once.
import type { DbClient, Plan } from "../db";
import { bookCredits } from "../credits/book-credits";
import { quotaOf } from "../credits/quota";
import { lockUser } from "../db/statements/lock-user";

export async function applyPlan(tx: DbClient, userId: string, plan: Plan, reference: string): Promise<boolean> {
  await lockUser(tx, userId);
  const user = await tx.user.findUniqueOrThrow({ where: { id: userId } });
  if (user.plan === plan) return false;
  const before = quotaOf(user).included;
  const after = quotaOf({ ...user, plan }).included;
  const delta = Math.max(-Math.max(0, user.creditBalance), after - before);
  await tx.user.update({ where: { id: userId }, data: { plan } });
  if (delta !== 0) {
    await bookCredits(tx, {
      userId,
      delta,
      reason: delta > 0 ? "plan_grant" : "adjustment",
      reference: `plan:${reference}:${plan}`,
      note: `plan ${user.plan} → ${plan}`,
    });
  }
  return true;
}
