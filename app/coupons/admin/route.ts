import { withApp } from "@/lib/api/app-api";
import { couponStatistics } from "@/lib/coupons/coupon-statistics";
import { couponStatsSchema } from "@/lib/coupons/coupon-schema";
import { json } from "@/lib/http/response";

export const dynamic = "force-dynamic";

export const GET = withApp(
  {
    operationId: "listCouponsAdmin",
    summary: "All coupon codes with statistics",
    tag: "coupons",
    access: "super_admin",
    responses: { 200: { description: "Every code, newest first, and totals.", schema: couponStatsSchema } },
  },
  async ({ db }) => json(await couponStatistics(db)),
);
