// GET /billing/validate-referral?code=: whether a sign-up with this code would be credited to a
// referrer. Public and rate limited like coupon checks; it never says whose code it is.
import type { Db } from "../db";
import { loadEnv } from "../env";
import { takeDownloadToken } from "../ratelimit/public-downloads";

export async function validateReferral(db: Db, code: string, ip: string) {
  await takeDownloadToken(db, "code-check", ip);
  const referrer = await db.user.findUnique({ where: { referralCode: code.trim() }, select: { id: true } });
  const env = loadEnv();
  return {
    valid: referrer !== null,
    reward_on: env.REFERRAL_REWARD_ON,
  };
}
