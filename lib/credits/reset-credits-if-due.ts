// Monthly credits: when creditsResetAt has passed, the balance is set back to the period's
// included credits plus what is left of bought or granted credits (carryoverCredits); unused
// included credits do not roll over; overage below zero is billed, then cleared
// and the new period starts. Done lazily on the first request after the reset instant, once: the
// row is locked and the ledger reference "period_reset:<user>:<YYYY-MM>" is unique.
import type { Db, User } from "../db";
import { lockUser } from "../db/statements/lock-user";
import { newId } from "../ids";
import { newPeriodBalance } from "./book-credits";
import { includedCredits, nextPeriodStart } from "./plans";

export async function resetCreditsIfDue(
  db: Db,
  user: Pick<User, "id" | "creditsResetAt">,
  now = new Date(),
): Promise<boolean> {
  if (user.creditsResetAt > now) return false;
  return db.$transaction(async (tx) => {
    await lockUser(tx, user.id);
    const fresh = await tx.user.findUnique({ where: { id: user.id } });
    if (!fresh || fresh.creditsResetAt > now) return false;
    const included = (fresh.monthlyQuota ?? includedCredits(fresh.plan)) + fresh.bonusVerifications;
    const { balance, carryover } = newPeriodBalance(fresh, included);
    const periodStart = fresh.creditsResetAt;
    await tx.user.update({
      where: { id: fresh.id },
      data: {
        creditBalance: balance,
        carryoverCredits: carryover,
        creditsPeriodStart: periodStart,
        creditsResetAt: nextPeriodStart(now),
      },
    });
    await tx.creditLedgerEntry.create({
      data: {
        id: newId("ledger"),
        userId: fresh.id,
        delta: balance - fresh.creditBalance,
        balanceAfter: balance,
        reason: "period_reset",
        reference: `period_reset:${fresh.id}:${now.toISOString().slice(0, 7)}`,
      },
    });
    return true;
  });
}
