import { z } from "zod";

/** What serialize.ts toApiCoupon() answers. */
export const couponSchema = z
  .object({
    code: z.string(),
    kind: z.enum(["single_use", "multi_use"]),
    bonus_verifications: z.int(),
    max_redemptions: z.int().nullable(),
    redemption_count: z.int().min(0),
    expires_at: z.string().meta({ format: "date-time" }).nullable(),
    created_at: z.string().meta({ format: "date-time" }),
  })
  .meta({ id: "Coupon" });
