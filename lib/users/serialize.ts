// Database rows to the API shapes of coupon-schema.ts.
import type { Coupon } from "../db";
import { timestamp } from "../http/response";

export function toApiCoupon(c: Coupon) {
  return {
    code: c.code,
    kind: c.kind,
    bonus_verifications: c.bonusVerifications,
    max_redemptions: c.maxRedemptions,
    redemption_count: c.redemptionCount,
    expires_at: c.expiresAt ? timestamp(c.expiresAt) : null,
    created_at: timestamp(c.createdAt),
  };
}
