// GET /coupons/check/{code}: whether a code can be redeemed now, and nothing else (no kind, amount
// or expiry), behind a per-address rate limit so codes cannot be enumerated.
import type { Db } from "../db";
import { takeDownloadToken } from "../ratelimit/public-downloads";
import { couponState, normalizeCode } from "./serialize";

export async function checkCoupon(db: Db, code: string, ip: string, now = new Date()) {
  await takeDownloadToken(db, "code-check", ip);
  const coupon = await db.coupon.findUnique({ where: { code: normalizeCode(code) } });
  return { valid: coupon !== null && couponState(coupon, now) === "active" };
}
