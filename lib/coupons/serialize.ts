// Database rows to the API shapes of coupon-schema.ts.
import type { Coupon } from "../db";
import { timestamp } from "../http/response";

export function toApiCoupon(c: Coupon) {
  return {
    code: c.code,
    kind: c.kind,
    bonus_verifications: c.bonusVerifications,
    percent_off: c.percentOff,
    max_redemptions: c.maxRedemptions,
    redemption_count: c.redemptionCount,
    expires_at: c.expiresAt ? timestamp(c.expiresAt) : null,
    created_at: timestamp(c.createdAt),
  };
}

export type CouponState = "active" | "expired" | "exhausted" | "deleted";

export function couponState(c: Coupon, now = new Date()): CouponState {
  if (c.deletedAt) return "deleted";
  if (c.expiresAt && c.expiresAt <= now) return "expired";
  if (c.maxRedemptions !== null && c.redemptionCount >= c.maxRedemptions) return "exhausted";
  return "active";
}

/** Codes are compared in upper case without surrounding spaces (they are typed by people). */
export function normalizeCode(code: string): string {
  return code.trim().toUpperCase();
}
