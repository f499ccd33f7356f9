import { z } from "zod";
import { withApp } from "@/lib/api/app-api";
import { clientIp } from "@/lib/auth/client-ip";
import { checkCoupon } from "@/lib/coupons/check-coupon";
import { couponCheckSchema } from "@/lib/coupons/coupon-schema";
import { json } from "@/lib/http/response";

export const dynamic = "force-dynamic";

export const GET = withApp(
  {
    operationId: "checkCoupon",
    summary: "Whether the code is valid",
    description: "Valid means redeemable now. Rate limited per address; says nothing else about the code.",
    tag: "coupons",
    access: "public",
    params: z.object({ code: z.string().min(1).max(40) }),
    responses: { 200: { description: "Valid or not.", schema: couponCheckSchema } },
    errors: ["rate_limited"],
  },
  async ({ req, db, params }) => json(await checkCoupon(db, params.code, clientIp(req))),
);
