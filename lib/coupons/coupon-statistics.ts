// GET /coupons/admin: every code with its redemption statistics (super admins).
import type { Db } from "../db";
import { timestamp } from "../http/response";
import { couponState, toApiCoupon } from "./serialize";

export async function couponStatistics(db: Db, now = new Date()) {
  const [coupons, grouped] = await Promise.all([
    db.coupon.findMany({ orderBy: { createdAt: "desc" } }),
    db.couponRedemption.groupBy({
      by: ["couponId"],
      _sum: { credits: true },
      _max: { createdAt: true },
      _count: { appliedAt: true },
    }),
  ]);
  const stats = new Map(grouped.map((g) => [g.couponId, g]));
  const data = coupons.map((coupon) => {
    const g = stats.get(coupon.id);
    return {
      ...toApiCoupon(coupon),
      deleted_at: coupon.deletedAt ? timestamp(coupon.deletedAt) : null,
      credits_granted: g?._sum.credits ?? 0,
      discounts_used: g?._count.appliedAt ?? 0,
      last_redeemed_at: g?._max.createdAt ? timestamp(g._max.createdAt) : null,
      status: couponState(coupon, now),
    };
  });
  return {
    data,
    totals: {
      coupons: data.length,
      active: data.filter((c) => c.status === "active").length,
      redemptions: data.reduce((n, c) => n + c.redemption_count, 0),
      credits_granted: data.reduce((n, c) => n + c.credits_granted, 0),
    },
  };
}
