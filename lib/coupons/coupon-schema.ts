import { z } from "zod";

const dateTime = z.string().meta({ format: "date-time" });

/** What serialize.ts toApiCoupon() answers. */
export const couponSchema = z
  .object({
    code: z.string(),
    kind: z.enum(["single_use", "multi_use"]),
    bonus_verifications: z.int().meta({ description: "Credits granted on redemption (0 for a percent discount)." }),
    percent_off: z.int().nullable().meta({ description: "Discount on the next subscription checkout, or null." }),
    max_redemptions: z.int().nullable(),
    redemption_count: z.int().min(0),
    expires_at: dateTime.nullable(),
    created_at: dateTime,
  })
  .meta({ id: "Coupon" });

export const RedeemCouponRequest = z
  .strictObject({ code: z.string().trim().min(1).max(40) })
  .meta({ id: "RedeemCouponRequest" });

export const redemptionSchema = z
  .object({
    code: z.string(),
    credits_granted: z.int().min(0),
    percent_off: z.int().nullable().meta({ description: "Applied to the next subscription checkout." }),
    credits_remaining: z.int(),
  })
  .meta({ id: "CouponRedemption" });

export const couponCheckSchema = z
  .object({ valid: z.boolean() })
  .meta({ id: "CouponCheck", description: "Only whether the code can be redeemed now; nothing else about it." });

export const couponStatsSchema = z
  .object({
    data: z.array(
      couponSchema.extend({
        deleted_at: dateTime.nullable(),
        credits_granted: z.int().min(0),
        discounts_used: z.int().min(0),
        last_redeemed_at: dateTime.nullable(),
        status: z.enum(["active", "expired", "exhausted", "deleted"]),
      }),
    ),
    totals: z.object({
      coupons: z.int().min(0),
      active: z.int().min(0),
      redemptions: z.int().min(0),
      credits_granted: z.int().min(0),
    }),
  })
  .meta({ id: "CouponStatistics" });
