import type { DbClient } from "../db";
import { ApiError } from "../http/errors";

/** A verification of this caller in this mode; anything else is not_found (existence is not revealed). */
export async function getVerificationOrThrow(db: DbClient, id: string, owner: { userId: string; livemode: boolean }) {
  const verification = await db.verification.findFirst({
    where: { id, userId: owner.userId, livemode: owner.livemode },
  });
  if (!verification) throw new ApiError("not_found", `No verification with id "${id}" exists for this token.`);
  return verification;
}
