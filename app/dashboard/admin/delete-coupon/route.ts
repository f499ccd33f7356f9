import { z } from "zod";
import { withApp } from "@/lib/api/app-api";
import { parseJson } from "@/lib/http/request";
import { json } from "@/lib/http/response";
import { deleteCoupon } from "@/lib/users/coupons-admin";

const DeleteCouponRequest = z.strictObject({ code: z.string().min(1).max(40) });

export const POST = withApp({ access: "admin" }, async ({ req, db }) => {
  const body = await parseJson(req, DeleteCouponRequest);
  return json(await deleteCoupon(db, body.code));
});
