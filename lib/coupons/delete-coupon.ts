import type { Db } from "../db";
import { ApiError } from "../http/errors";
import { normalizeCode } from "./serialize";

/** A deleted coupon keeps its row (redemptions refer to it) but can no longer be redeemed. */
export async function deleteCoupon(db: Db, code: string) {
  const deleted = await db.coupon.updateMany({
    where: { code: normalizeCode(code), deletedAt: null },
    data: { deletedAt: new Date() },
  });
  if (deleted.count === 0) throw new ApiError("not_found", `No active coupon with the code ${code}.`);
  return { deleted: true, code: normalizeCode(code) };
}
