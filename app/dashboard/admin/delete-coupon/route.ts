import { z } from "zod";
import { withApp } from "@/lib/api/app-api";
import { json } from "@/lib/http/response";
import { deleteCoupon } from "@/lib/coupons/delete-coupon";

const DeleteCouponRequest = z.strictObject({ code: z.string().min(1).max(40) }).meta({ id: "DeleteCouponRequest" });

export const POST = withApp(
  {
    operationId: "deleteCoupon",
    summary: "Delete a coupon",
    tag: "coupons",
    access: "admin",
    body: { json: DeleteCouponRequest },
    responses: {
      200: { description: "The coupon is gone.", schema: z.object({ deleted: z.literal(true), code: z.string() }) },
    },
    errors: ["not_found"],
  },
  async ({ db, body }) => json(await deleteCoupon(db, body.code)),
);
