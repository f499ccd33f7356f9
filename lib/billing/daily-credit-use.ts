// Credits spent per day of the current period, for the billing page's chart: verification charges
// net of the refunds of verifications that failed (a refund of a Stripe payment is not usage).
// Every day from the period's start to today is listed, zero or not, so the bars line up with dates.
import type { DbClient, User } from "../db";

const DAY_MS = 86_400_000;
/** A period longer than this (an account idle for months, reset lazily) shows only its last days. */
const MAX_DAYS = 62;

export async function dailyCreditUse(db: DbClient, user: Pick<User, "id" | "creditsPeriodStart">, now = new Date()) {
  const today = startOfUtcDay(now);
  const start = new Date(
    Math.max(startOfUtcDay(user.creditsPeriodStart).getTime(), today.getTime() - (MAX_DAYS - 1) * DAY_MS),
  );
  const rows = await db.creditLedgerEntry.findMany({
    where: {
      userId: user.id,
      createdAt: { gte: start },
      OR: [{ reason: "verification" }, { reason: "refund", verificationId: { not: null } }],
    },
    select: { createdAt: true, delta: true },
  });
  const perDay = new Map<string, number>();
  for (let day = start.getTime(); day <= today.getTime(); day += DAY_MS) perDay.set(dayKey(new Date(day)), 0);
  for (const row of rows) {
    const key = dayKey(row.createdAt);
    if (perDay.has(key)) perDay.set(key, perDay.get(key)! - row.delta);
  }
  return [...perDay].map(([date, credits]) => ({ date, credits: Math.max(0, credits) }));
}

const dayKey = (date: Date) => date.toISOString().slice(0, 10);

function startOfUtcDay(date: Date) {
  const day = new Date(date);
  day.setUTCHours(0, 0, 0, 0);
  return day;
}
