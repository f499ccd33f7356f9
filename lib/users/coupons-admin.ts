// Coupons created and deleted by administrators. A code is generated when none is given; a
// deleted coupon keeps its row (redemptions refer to it) but can no longer be redeemed.
import { randomBytes } from "node:crypto";
import type { CouponKind, Db } from "../db";
import { ApiError } from "../http/errors";
import { timestamp } from "../http/response";
import { newId } from "../ids";

const ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

export function generateCouponCode(): string {
  const bytes = randomBytes(8);
  const chars = [...bytes].map((b) => ALPHABET[b % ALPHABET.length]).join("");
  return `CRED-${chars.slice(0, 4)}-${chars.slice(4)}`;
}

export interface CreateCouponInput {
  code?: string;
  kind: CouponKind;
  bonusVerifications: number;
  maxRedemptions?: number | null;
  expiresAt?: Date | null;
  createdById: string;
}

export async function createCoupon(db: Db, input: CreateCouponInput) {
  const code = (input.code ?? generateCouponCode()).toUpperCase();
  const existing = await db.coupon.findUnique({ where: { code } });
  if (existing) throw new ApiError("conflict", `A coupon with the code ${code} already exists.`);
  const coupon = await db.coupon.create({
    data: {
      id: newId("coupon"),
      code,
      kind: input.kind,
      bonusVerifications: input.bonusVerifications,
      maxRedemptions: input.kind === "single_use" ? 1 : (input.maxRedemptions ?? null),
      expiresAt: input.expiresAt ?? null,
      createdById: input.createdById,
    },
  });
  return couponView(coupon);
}

export async function deleteCoupon(db: Db, code: string) {
  const deleted = await db.coupon.updateMany({
    where: { code: code.toUpperCase(), deletedAt: null },
    data: { deletedAt: new Date() },
  });
  if (deleted.count === 0) throw new ApiError("not_found", `No active coupon with the code ${code}.`);
  return { deleted: true, code: code.toUpperCase() };
}

function couponView(c: {
  code: string;
  kind: CouponKind;
  bonusVerifications: number;
  maxRedemptions: number | null;
  redemptionCount: number;
  expiresAt: Date | null;
  createdAt: Date;
}) {
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
