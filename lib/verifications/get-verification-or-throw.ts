import type { DbClient } from "../db";
import { findVerification } from "../db/statements/find-verification";
import { ApiError } from "../http/errors";

/** A verification of this caller in this mode; anything else is not_found (existence is not revealed). */
export async function getVerificationOrThrow(db: DbClient, id: string, owner: { userId: string; livemode: boolean }) {
  const verification = await findVerification(db, { id, ...owner });
  if (!verification) throw new ApiError("not_found", `No verification with id "${id}" exists for this token.`);
  return verification;
}
