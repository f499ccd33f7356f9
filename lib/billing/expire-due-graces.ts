// The grace periods that lapsed while nobody read the account's billing status and Stripe sent
// nothing: each account falls back to free the same way expireGraceIfDue does when it is read.
import type { Db } from "../db";
import { expireGraceIfDue } from "./expire-grace";

export async function expireDueGraces(db: Db, now = new Date()): Promise<number> {
  const due = await db.user.findMany({
    where: { paymentGraceUntil: { lte: now }, plan: { not: "free" } },
    select: { id: true },
  });
  let expired = 0;
  for (const { id } of due) if (await expireGraceIfDue(db, id, now)) expired += 1;
  return expired;
}
