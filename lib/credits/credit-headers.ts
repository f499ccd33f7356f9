// The credits step of the /v1 wrapper: live responses carry X-Credits-Remaining, and
// X-Credits-Warning: approaching-quota once more than 80 % of the included credits are used.
import type { DbClient } from "../db";
import { approachingQuota, quotaOf } from "./quota";

export async function setCreditHeaders(db: DbClient, userId: string, headers: Headers): Promise<void> {
  const user = await db.user.findUnique({
    where: { id: userId },
    select: { plan: true, monthlyQuota: true, bonusVerifications: true, creditBalance: true },
  });
  if (!user) return;
  const quota = quotaOf(user);
  headers.set("X-Credits-Remaining", String(quota.remaining));
  if (approachingQuota(quota)) headers.set("X-Credits-Warning", "approaching-quota");
}
