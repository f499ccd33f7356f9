import type { DbClient, Verification } from "../db";
import { ApiError } from "../http/errors";
import { checkEligibility } from "./check-eligibility";
import { secondsUntilBelowLimit } from "./daily-window";

/**
 * Refuses a request check-eligibility refuses: 429 with Retry-After when only the account's daily
 * limit stands in the way (it frees up), 409 otherwise (the verification itself cannot be sent).
 */
export async function assertEligible(db: DbClient, v: Verification, userId: string): Promise<void> {
  const eligibility = await checkEligibility(db, v, userId);
  if (eligibility.eligible) return;
  const message = eligibility.reasons.map((r) => r.message).join(" ");
  if (eligibility.reasons.every((r) => r.code === "daily_limit")) {
    const { used, limit } = eligibility.limits.per_user_per_day;
    const retryAfter = await secondsUntilBelowLimit(db, { userId }, used, limit);
    throw new ApiError("rate_limited", message, { headers: { "Retry-After": String(retryAfter) } });
  }
  throw new ApiError("conflict", message);
}
