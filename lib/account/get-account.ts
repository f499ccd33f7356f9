import type { DbClient, User } from "../db";
import { quotaOf } from "../credits/quota";
import { hasApiAccess } from "../credits/plans";
import { timestamp } from "../http/response";
import { rateLimitFor } from "../ratelimit/plan-limits";

export async function getAccount(db: DbClient, user: Pick<User, "id">, livemode: boolean) {
  const fresh = await db.user.findUniqueOrThrow({ where: { id: user.id } });
  const quota = quotaOf(fresh);
  const limit = rateLimitFor(fresh.plan);
  return {
    object: "account" as const,
    user_id: fresh.id,
    email: fresh.email,
    livemode,
    plan: {
      tier: fresh.plan,
      api_access: hasApiAccess(fresh.plan),
      rate_limit_burst: limit.burst,
      rate_limit_sustained: limit.sustained,
    },
    credits: {
      included: quota.included,
      used: quota.used,
      remaining: quota.remaining,
      reset_at: timestamp(fresh.creditsResetAt),
      overage_opt_in: fresh.overageOptIn,
    },
  };
}
