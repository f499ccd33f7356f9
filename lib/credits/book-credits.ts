// The one way billing moves credits: the balance changes and its ledger row is written in the
// caller's transaction, so the balance always equals the sum of the user's ledger. The ledger's
// unique `reference` makes each movement happen at most once (a second booking answers false).
import type { DbClient, LedgerReason } from "../db";
import { lockUser } from "../db/statements/lock-user";
import { newId } from "../ids";

export interface Booking {
  userId: string;
  reason: LedgerReason;
  /** Unique per movement: "stripe:cs_…", "coupon:cpn_…:usr_…". */
  reference: string;
  note?: string;
}

/** Adds `delta` (may be negative) to the balance. Returns the new balance, or null if the reference was booked before. */
export async function bookCredits(tx: DbClient, booking: Booking & { delta: number }): Promise<number | null> {
  await lockUser(tx, booking.userId);
  if (await alreadyBooked(tx, booking.reference)) return null;
  const user = await tx.user.update({
    where: { id: booking.userId },
    data: { creditBalance: { increment: booking.delta } },
    select: { creditBalance: true },
  });
  await writeEntry(tx, booking, booking.delta, user.creditBalance);
  return user.creditBalance;
}

/** Sets the balance to `balance` (a new period's credits), booking the difference. */
export async function setCreditBalance(tx: DbClient, booking: Booking & { balance: number }): Promise<number | null> {
  await lockUser(tx, booking.userId);
  if (await alreadyBooked(tx, booking.reference)) return null;
  const before = await tx.user.findUniqueOrThrow({ where: { id: booking.userId }, select: { creditBalance: true } });
  await tx.user.update({ where: { id: booking.userId }, data: { creditBalance: booking.balance } });
  await writeEntry(tx, booking, booking.balance - before.creditBalance, booking.balance);
  return booking.balance;
}

async function alreadyBooked(tx: DbClient, reference: string): Promise<boolean> {
  return (await tx.creditLedgerEntry.count({ where: { reference } })) > 0;
}

async function writeEntry(tx: DbClient, booking: Booking, delta: number, balanceAfter: number) {
  await tx.creditLedgerEntry.create({
    data: {
      id: newId("ledger"),
      userId: booking.userId,
      delta,
      balanceAfter,
      reason: booking.reason,
      reference: booking.reference,
      note: booking.note ?? null,
    },
  });
}
