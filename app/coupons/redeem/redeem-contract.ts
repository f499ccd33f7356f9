// POST /coupons/redeem and POST /billing/redeem-coupon redeem a code the same way (the spec lists
// both): one contract and one handler, two operation ids.
import type { AppContext } from "@/lib/api/app-api";
import type { ErrorCode } from "@/lib/http/errors";
import { RedeemCouponRequest, redemptionSchema } from "@/lib/coupons/coupon-schema";
import { redeemCoupon } from "@/lib/coupons/redeem-coupon";
import { json } from "@/lib/http/response";

const ERRORS: ErrorCode[] = ["not_found", "conflict", "billing_not_configured"];

export function redeemContract(operationId: string, tag: "coupons" | "billing") {
  return {
    operationId,
    summary: "Redeem a coupon code",
    description:
      "Legacy single-use or multi-use codes, once per user: credits are added at once; a percent coupon applies to the next subscription checkout.",
    tag,
    access: "user" as const,
    body: { json: RedeemCouponRequest },
    responses: { 200: { description: "What the code gave.", schema: redemptionSchema } },
    errors: ERRORS,
  };
}

export async function redeemHandler({ db, user, body }: AppContext<ReturnType<typeof redeemContract>>) {
  return json(await redeemCoupon(db, user, body.code));
}
