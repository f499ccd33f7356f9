// Coupons are created by administrators: credits (bonusVerifications) or a percent discount on the
// next subscription checkout. A code is generated when none is given, from an alphabet without the
// look-alikes I/1 and O/0 (32 symbols, so each random byte maps without bias).
import { randomBytes } from "node:crypto";
import type { CouponKind, Db } from "../db";
import { ApiError } from "../http/errors";
import { newId } from "../ids";
import { normalizeCode, toApiCoupon } from "./serialize";

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
  percentOff?: number | null;
  maxRedemptions?: number | null;
  expiresAt?: Date | null;
  createdById: string;
}

export async function createCoupon(db: Db, input: CreateCouponInput) {
  const code = normalizeCode(input.code ?? generateCouponCode());
  if ((input.percentOff ?? null) !== null && input.bonusVerifications > 0) {
    throw new ApiError(
      "invalid_request",
      "A coupon grants either credits (bonus_verifications) or a discount (percent_off), not both.",
    );
  }
  if ((input.percentOff ?? null) === null && input.bonusVerifications < 1) {
    throw new ApiError("invalid_request", "A coupon needs bonus_verifications (credits) or percent_off (a discount).");
  }
  const existing = await db.coupon.findUnique({ where: { code } });
  if (existing) throw new ApiError("conflict", `A coupon with the code ${code} already exists.`);
  const coupon = await db.coupon.create({
    data: {
      id: newId("coupon"),
      code,
      kind: input.kind,
      bonusVerifications: input.bonusVerifications,
      percentOff: input.percentOff ?? null,
      maxRedemptions: input.kind === "single_use" ? 1 : (input.maxRedemptions ?? null),
      expiresAt: input.expiresAt ?? null,
      createdById: input.createdById,
    },
  });
  return toApiCoupon(coupon);
}
