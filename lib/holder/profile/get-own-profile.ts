// GET /holder/profile: the caller's profile and the credentials on it, pinned first, then in display order.
import type { DbClient } from "../../db";
import { listCredentials } from "../credentials/list-credentials";
import { toApiCredential } from "../credentials/serialize-credential";
import { getProfileOrThrow } from "../get-profile-or-throw";
import { PROFILE_INCLUDE, toApiProfile } from "./serialize";

export async function getOwnProfile(db: DbClient, userId: string) {
  const { id } = await getProfileOrThrow(db, userId);
  const [profile, credentials] = await Promise.all([
    db.holderProfile.findUniqueOrThrow({ where: { id }, include: PROFILE_INCLUDE }),
    listCredentials(db, id),
  ]);
  return { profile: toApiProfile(profile), credentials: credentials.map(toApiCredential) };
}
