// Debits a verification's credits inside the caller's transaction: a conditional update (enough
// credits, or overage opted in) and a ledger row whose unique reference `verification:<id>`
// makes a second charge for the same verification impossible.
import type { DbClient } from "../db";
import { newId } from "../ids";
import { quotaDepleted } from "./quota-error";

interface BalanceRow {
  creditBalance: number;
}

export async function chargeCredits(tx: DbClient, input: { userId: string; verificationId: string; credits: number }) {
  const rows = await tx.$queryRaw<BalanceRow[]>`
    UPDATE users SET "creditBalance" = "creditBalance" - ${input.credits}, "updatedAt" = now()
    WHERE id = ${input.userId} AND ("creditBalance" >= ${input.credits} OR "overageOptIn")
    RETURNING "creditBalance"`;
  if (rows.length === 0) {
    const user = await tx.user.findUniqueOrThrow({ where: { id: input.userId }, select: { creditsResetAt: true } });
    throw quotaDepleted(user, input.credits);
  }
  const balanceAfter = rows[0].creditBalance;
  await tx.creditLedgerEntry.create({
    data: {
      id: newId("ledger"),
      userId: input.userId,
      delta: -input.credits,
      balanceAfter,
      reason: "verification",
      reference: `verification:${input.verificationId}`,
      verificationId: input.verificationId,
    },
  });
  return balanceAfter;
}

/** The check before the (slow) engine runs, so a caller without credits is refused at once. */
export async function assertCreditsAvailable(db: DbClient, userId: string, credits: number) {
  const user = await db.user.findUniqueOrThrow({
    where: { id: userId },
    select: { creditBalance: true, overageOptIn: true, creditsResetAt: true },
  });
  if (user.creditBalance < credits && !user.overageOptIn) throw quotaDepleted(user, credits);
}
