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
  /**
   * The credits outlive the period (packs, coupons, referrals; negative: a refund of them): they
   * also move carryoverCredits, the part of the balance a monthly reset keeps.
   */
  carryover?: boolean;
}

/** Adds `delta` (may be negative) to the balance. Returns the new balance, or null if the reference was booked before. */
export async function bookCredits(tx: DbClient, booking: Booking & { delta: number }): Promise<number | null> {
  await lockUser(tx, booking.userId);
  if (await alreadyBooked(tx, booking.reference)) return null;
  const user = await tx.user.update({
    where: { id: booking.userId },
    data: { creditBalance: { increment: booking.delta } },
    select: { creditBalance: true, carryoverCredits: true },
  });
  if (booking.carryover) {
    const carryover = Math.max(0, user.carryoverCredits + booking.delta);
    await tx.user.update({ where: { id: booking.userId }, data: { carryoverCredits: carryover } });
  }
  await writeEntry(tx, booking, booking.delta, user.creditBalance);
  return user.creditBalance;
}

/**
 * Starts a new period: the balance becomes `included` plus what is left of the carried-over credits
 * (the period's own credits are spent first, so the carry-over left is at most the balance).
 */
export async function startCreditPeriod(tx: DbClient, booking: Booking & { included: number }): Promise<number | null> {
  await lockUser(tx, booking.userId);
  if (await alreadyBooked(tx, booking.reference)) return null;
  const before = await tx.user.findUniqueOrThrow({
    where: { id: booking.userId },
    select: { creditBalance: true, carryoverCredits: true },
  });
  const { balance, carryover } = newPeriodBalance(before, booking.included);
  await tx.user.update({
    where: { id: booking.userId },
    data: { creditBalance: balance, carryoverCredits: carryover },
  });
  await writeEntry(tx, booking, balance - before.creditBalance, balance);
  return balance;
}

export function newPeriodBalance(user: { creditBalance: number; carryoverCredits: number }, included: number) {
  const carryover = Math.min(user.carryoverCredits, Math.max(0, user.creditBalance));
  return { balance: included + carryover, carryover };
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
