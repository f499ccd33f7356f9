// A redeemed percent coupon waits for the user's next subscription checkout. Its Stripe coupon is
// made once per coupon (idempotency key from our coupon id) and its id kept.
import type { Db } from "../db";
import { callStripe } from "./stripe-client";

export async function pendingDiscount(db: Db, userId: string) {
  const redemption = await db.couponRedemption.findFirst({
    where: { userId, appliedAt: null, coupon: { percentOff: { not: null } } },
    include: { coupon: true },
    orderBy: { createdAt: "asc" },
  });
  if (!redemption) return null;
  const { coupon } = redemption;
  let stripeCouponId = coupon.stripeCouponId;
  if (!stripeCouponId) {
    const created = await callStripe("create a discount", (stripe) =>
      stripe.coupons.create(
        { percent_off: coupon.percentOff!, duration: "once", name: coupon.code, metadata: { coupon_id: coupon.id } },
        { idempotencyKey: `coupon:${coupon.id}` },
      ),
    );
    stripeCouponId = created.id;
    await db.coupon.update({ where: { id: coupon.id }, data: { stripeCouponId } });
  }
  return { redemptionId: redemption.id, stripeCouponId, percentOff: coupon.percentOff! };
}
