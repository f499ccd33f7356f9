// Debits a web verification's credits inside the caller's transaction: a conditional update (enough
// credits, or overage opted in) and a ledger row whose unique reference `verification:<id>`
// makes a second charge for the same verification impossible. (The API's verifications are charged
// by the statement that stores them, lib/db/statements/insert-verification.ts.)
import type { DbClient } from "../db";
import { newId } from "../ids";
import { quotaDepleted } from "./quota-error";

export async function chargeCredits(tx: DbClient, input: { userId: string; verificationId: string; credits: number }) {
  const debited = await tx.user.updateMany({
    where: { id: input.userId, OR: [{ creditBalance: { gte: input.credits } }, { overageOptIn: true }] },
    data: { creditBalance: { decrement: input.credits } },
  });
  // The update holds the row's lock until the transaction ends: the balance read next is ours.
  const user = await tx.user.findUniqueOrThrow({
    where: { id: input.userId },
    select: { creditBalance: true, creditsResetAt: true },
  });
  if (debited.count === 0) throw quotaDepleted(user, input.credits);
  const balanceAfter = user.creditBalance;
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
