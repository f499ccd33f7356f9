// Redeeming a code (POST /coupons/redeem and /billing/redeem-coupon, one implementation). One
// transaction: the coupon's count is taken by a conditional update (not deleted, not expired,
// below its maximum), so concurrent redemptions of a single-use code redeem it once; the
// redemption row is unique per coupon and user (one redemption each); credits go through the
// ledger with a reference unique to that pair. A percent coupon waits for the next subscription
// checkout (lib/billing/pending-discount.ts) and so needs billing.
import type { Db, User } from "../db";
import { Prisma } from "../db";
import { requireBilling } from "../billing/billing-config";
import { bookCredits } from "../credits/book-credits";
import { ApiError } from "../http/errors";
import { newId } from "../ids";
import { couponState, normalizeCode } from "./serialize";

export async function redeemCoupon(db: Db, user: User, rawCode: string, now = new Date()) {
  const code = normalizeCode(rawCode);
  const coupon = await db.coupon.findUnique({ where: { code } });
  const state = coupon ? couponState(coupon, now) : "deleted";
  if (!coupon || state === "deleted") throw new ApiError("not_found", `No coupon with the code ${code}.`);
  if (state === "expired") throw new ApiError("conflict", `The coupon ${code} has expired.`);
  if (state === "exhausted") throw new ApiError("conflict", `The coupon ${code} has been fully redeemed.`);
  if (coupon.percentOff !== null) requireBilling();
  try {
    return await db.$transaction(async (tx) => {
      const mine = await tx.couponRedemption.findUnique({
        where: { couponId_userId: { couponId: coupon.id, userId: user.id } },
      });
      if (mine) throw new ApiError("conflict", `You have already redeemed ${code}.`);
      const taken = await tx.coupon.updateMany({
        where: {
          id: coupon.id,
          deletedAt: null,
          OR: [{ expiresAt: null }, { expiresAt: { gt: now } }],
          AND: [{ OR: [{ maxRedemptions: null }, { redemptionCount: { lt: tx.coupon.fields.maxRedemptions } }] }],
        },
        data: { redemptionCount: { increment: 1 } },
      });
      if (taken.count === 0) throw new ApiError("conflict", `The coupon ${code} has just been fully redeemed.`);
      const credits = coupon.bonusVerifications;
      await tx.couponRedemption.create({
        data: { id: newId("redemption"), couponId: coupon.id, userId: user.id, credits },
      });
      let balance = (await tx.user.findUniqueOrThrow({ where: { id: user.id }, select: { creditBalance: true } }))
        .creditBalance;
      if (credits > 0) {
        balance =
          (await bookCredits(tx, {
            userId: user.id,
            delta: credits,
            reason: "coupon",
            reference: `coupon:${coupon.id}:${user.id}`,
            note: code,
            carryover: true,
          })) ?? balance;
      }
      return { code, credits_granted: credits, percent_off: coupon.percentOff, credits_remaining: balance };
    });
  } catch (error) {
    // The same user redeeming twice at once: the second insert meets the unique pair.
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") {
      throw new ApiError("conflict", `You have already redeemed ${code}.`);
    }
    throw error;
  }
}
