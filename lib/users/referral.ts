import type { DbClient, User } from "../db";
import { loadEnv } from "../env";

export async function referralOverview(db: DbClient, user: User) {
  const [referred, rewarded] = await Promise.all([
    db.referral.count({ where: { referrerId: user.id } }),
    db.referral.count({ where: { referrerId: user.id, rewardedAt: { not: null } } }),
  ]);
  const url = new URL("/register", loadEnv().APP_URL);
  url.searchParams.set("ref", user.referralCode);
  return {
    referral_code: user.referralCode,
    referral_url: url.toString(),
    referred_count: referred,
    rewarded_count: rewarded,
  };
}
