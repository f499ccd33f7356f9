import type { DbClient, User } from "../db";
import { loadEnv } from "../env";

export async function referralOverview(db: DbClient, user: User) {
  const [referred, rewarded, earned] = await Promise.all([
    db.referral.count({ where: { referrerId: user.id } }),
    db.referral.count({ where: { referrerId: user.id, rewardedAt: { not: null } } }),
    db.creditLedgerEntry.aggregate({ where: { userId: user.id, reason: "referral" }, _sum: { delta: true } }),
  ]);
  const env = loadEnv();
  const url = new URL("/register", env.APP_URL);
  url.searchParams.set("ref", user.referralCode);
  return {
    referral_code: user.referralCode,
    referral_url: url.toString(),
    referred_count: referred,
    rewarded_count: rewarded,
    credits_earned: earned._sum.delta ?? 0,
    reward_credits: env.REFERRAL_REWARD_CREDITS,
    reward_on: env.REFERRAL_REWARD_ON,
  };
}
