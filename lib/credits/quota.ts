// The caller's quota as the account endpoint and the credit headers describe it.
import type { User } from "../db";
import { includedCredits } from "./plans";

export const QUOTA_WARNING_RATIO = 0.8;

export interface Quota {
  included: number;
  used: number;
  remaining: number;
}

/** Included = the admin-set monthly quota or the plan's credits, plus bonus verifications. */
export function quotaOf(user: Pick<User, "plan" | "monthlyQuota" | "bonusVerifications" | "creditBalance">): Quota {
  const included = (user.monthlyQuota ?? includedCredits(user.plan)) + user.bonusVerifications;
  const remaining = user.creditBalance;
  return { included, remaining, used: Math.max(0, included - remaining) };
}

export function approachingQuota(quota: Quota): boolean {
  return quota.included > 0 && quota.used > quota.included * QUOTA_WARNING_RATIO;
}
