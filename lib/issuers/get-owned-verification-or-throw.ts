import type { DbClient } from "../db";
import { ApiError } from "../http/errors";

/** The caller's own verification, in either mode; anyone else's (or none) is not_found, alike. */
export async function getOwnedVerificationOrThrow(db: DbClient, id: string, userId: string) {
  const verification = await db.verification.findFirst({ where: { id, userId } });
  if (!verification) throw new ApiError("not_found", `No verification with id "${id}" exists for this account.`);
  return verification;
}
