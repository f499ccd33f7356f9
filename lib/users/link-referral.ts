// A new account started from someone's referral link is linked to that referrer (the reward itself is
// granted by billing when the referred account first pays or completes its profile).
import type { Db } from "../db";
import { newId } from "../ids";

export async function linkReferral(db: Db, userId: string, referralCode: string | null | undefined) {
  if (!referralCode) return null;
  const referrer = await db.user.findUnique({ where: { referralCode }, select: { id: true } });
  // An unknown code does not fail the sign-up: the person still gets their account.
  if (!referrer || referrer.id === userId) return null;
  const [linked] = await db.$transaction([
    db.user.update({ where: { id: userId }, data: { referredById: referrer.id } }),
    db.referral.create({ data: { id: newId("referral"), referrerId: referrer.id, referredUserId: userId } }),
  ]);
  return linked;
}
