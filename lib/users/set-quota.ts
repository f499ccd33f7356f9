// An administrator sets a user's monthly quota and plan. The change takes effect now: the
// difference in included credits is booked on the ledger (never below zero).
import type { Db, Plan } from "../db";
import { quotaOf } from "../credits/quota";
import { ApiError } from "../http/errors";
import { newId } from "../ids";

export async function setQuota(
  db: Db,
  input: { userId?: string; email?: string; monthlyQuota: number | null; plan?: Plan; reference: string },
) {
  return db.$transaction(async (tx) => {
    const user = await tx.user.findFirst({
      where: input.userId ? { id: input.userId } : { email: input.email?.trim().toLowerCase() },
    });
    if (!user) throw new ApiError("not_found", `No user ${input.userId ?? input.email}.`);
    const before = quotaOf(user).included;
    const plan = input.plan ?? user.plan;
    const after = quotaOf({ ...user, plan, monthlyQuota: input.monthlyQuota }).included;
    const balance = Math.max(0, user.creditBalance + (after - before));
    const updated = await tx.user.update({
      where: { id: user.id },
      data: { plan, monthlyQuota: input.monthlyQuota, creditBalance: balance },
    });
    if (balance !== user.creditBalance) {
      await tx.creditLedgerEntry.create({
        data: {
          id: newId("ledger"),
          userId: user.id,
          delta: balance - user.creditBalance,
          balanceAfter: balance,
          reason: "adjustment",
          reference: `set_quota:${user.id}:${input.reference}`,
          note: `quota ${user.monthlyQuota ?? "plan"} → ${input.monthlyQuota ?? "plan"}, plan ${user.plan} → ${plan}`,
        },
      });
    }
    return updated;
  });
}
