import type { DbClient } from "../db";
import { ApiError } from "../http/errors";

/** The caller's own holder profile; every /holder route that needs one goes through here. */
export async function getProfileOrThrow(db: DbClient, userId: string) {
  const profile = await db.holderProfile.findUnique({ where: { userId } });
  if (!profile) {
    throw new ApiError("not_found", "You have no holder profile yet: create one with POST /holder/profile.");
  }
  return profile;
}
