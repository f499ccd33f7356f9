// Coupons are created by administrators. A code is generated when none is given.
import { randomBytes } from "node:crypto";
import type { CouponKind, Db } from "../db";
import { ApiError } from "../http/errors";
import { newId } from "../ids";
import { toApiCoupon } from "./serialize";

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
  return toApiCoupon(coupon);
}
