// The referrer of an account is rewarded once, when that account first pays (or completes its
// profile, REFERRAL_REWARD_ON): the referral row is claimed by a conditional update, and the
// credits are booked with a reference unique to the referral.
import type { DbClient } from "../db";
import { bookCredits } from "../credits/book-credits";
import { loadEnv } from "../env";

export type ReferralTrigger = "first_payment" | "profile_completed";

export async function rewardReferral(tx: DbClient, referredUserId: string, trigger: ReferralTrigger): Promise<boolean> {
  const env = loadEnv();
  if (env.REFERRAL_REWARD_ON !== trigger) return false;
  const referral = await tx.referral.findUnique({ where: { referredUserId } });
  if (!referral || referral.rewardedAt) return false;
  const claimed = await tx.referral.updateMany({
    where: { id: referral.id, rewardedAt: null },
    data: { rewardedAt: new Date() },
  });
  if (claimed.count === 0) return false;
  if (env.REFERRAL_REWARD_CREDITS > 0) {
    await bookCredits(tx, {
      userId: referral.referrerId,
      delta: env.REFERRAL_REWARD_CREDITS,
      reason: "referral",
      carryover: true,
      reference: `referral:${referral.id}`,
      note: `referred account ${trigger === "first_payment" ? "paid" : "completed its profile"}`,
    });
  }
  return true;
}
