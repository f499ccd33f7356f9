import { z } from "zod";
import { withApp } from "@/lib/api/app-api";
import { json } from "@/lib/http/response";
import { couponSchema } from "@/lib/coupons/coupon-schema";
import { createCoupon } from "@/lib/coupons/create-coupon";

const CreateCouponRequest = z
  .strictObject({
    code: z
      .string()
      .regex(/^[A-Za-z0-9-]{4,40}$/, "4-40 letters, digits or dashes")
      .optional()
      .meta({ description: "Generated when omitted." }),
    kind: z.enum(["single_use", "multi_use"]).default("single_use"),
    bonus_verifications: z
      .number()
      .int()
      .min(0)
      .max(100_000)
      .default(0)
      .meta({ description: "Credits granted on redemption; give this or percent_off." }),
    percent_off: z
      .number()
      .int()
      .min(1)
      .max(100)
      .optional()
      .meta({ description: "A discount on the redeemer's next subscription checkout (needs billing)." }),
    max_redemptions: z.number().int().min(1).max(1_000_000).nullable().optional(),
    expires_at: z.iso.datetime().optional(),
  })
  .meta({ id: "CreateCouponRequest" });

export const POST = withApp(
  {
    operationId: "createCoupon",
    summary: "Create a coupon",
    tag: "coupons",
    access: "admin",
    body: { json: CreateCouponRequest },
    responses: { 201: { description: "The coupon.", schema: couponSchema } },
    errors: ["conflict"],
  },
  async ({ db, user, body }) => {
    const coupon = await createCoupon(db, {
      code: body.code,
      kind: body.kind,
      bonusVerifications: body.bonus_verifications,
      percentOff: body.percent_off ?? null,
      maxRedemptions: body.max_redemptions,
      expiresAt: body.expires_at ? new Date(body.expires_at) : null,
      createdById: user.id,
    });
    return json(coupon, { status: 201 });
  },
);
