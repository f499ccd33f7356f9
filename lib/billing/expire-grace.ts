// After a failed renewal the plan is kept until paymentGraceUntil (BILLING_GRACE_DAYS); past it,
// without a successful payment since, the account falls back to free. Checked when Stripe reports
// another failure and whenever the account's billing status is read.
import type { Db } from "../db";
import { applyPlan } from "./apply-plan";

export async function expireGraceIfDue(db: Db, userId: string, now = new Date()): Promise<boolean> {
  return db.$transaction(async (tx) => {
    const user = await tx.user.findUniqueOrThrow({ where: { id: userId } });
    if (!user.paymentGraceUntil || user.paymentGraceUntil > now || user.plan === "free") return false;
    await tx.user.update({ where: { id: userId }, data: { subscriptionStatus: "unpaid" } });
    return applyPlan(tx, userId, "free", `grace:${user.paymentGraceUntil.toISOString()}`);
  });
}
