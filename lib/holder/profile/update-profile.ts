// Changes the caller's profile. A new slug keeps the old one as an alias, so links already shared
// (/u/<old>) still lead here; taking back one's own old slug removes that alias.
import type { Db, DbClient } from "../../db";
import { isUniqueViolation } from "../../db/unique-violation";
import { getProfileOrThrow } from "../get-profile-or-throw";
import { profileData } from "./profile-data";
import type { UpdateProfileInput } from "./profile-schema";
import { PROFILE_INCLUDE } from "./serialize";
import { assertSlugAvailable, slugTaken } from "./slug-availability";

/** Old slugs kept per profile: enough for real renames, too few to hoard names by renaming. */
export const MAX_SLUG_ALIASES = 10;

export async function updateProfile(db: Db, userId: string, input: UpdateProfileInput) {
  const { slug, ...fields } = input;
  try {
    return await db.$transaction(async (tx) => {
      const profile = await getProfileOrThrow(tx, userId);
      if (slug !== undefined && slug !== profile.slug) await renameSlug(tx, profile, slug);
      return tx.holderProfile.update({
        where: { id: profile.id },
        data: { ...profileData(fields), ...(slug !== undefined ? { slug } : {}) },
        include: PROFILE_INCLUDE,
      });
    });
  } catch (error) {
    if (slug !== undefined && isUniqueViolation(error)) throw slugTaken(slug);
    throw error;
  }
}

async function renameSlug(tx: DbClient, profile: { id: string; slug: string }, slug: string) {
  await assertSlugAvailable(tx, slug, profile.id);
  await tx.holderSlugAlias.deleteMany({ where: { slug, profileId: profile.id } });
  await tx.holderSlugAlias.upsert({
    where: { slug: profile.slug },
    create: { slug: profile.slug, profileId: profile.id },
    update: { profileId: profile.id, createdAt: new Date() },
  });
  const stale = await tx.holderSlugAlias.findMany({
    where: { profileId: profile.id },
    orderBy: { createdAt: "desc" },
    skip: MAX_SLUG_ALIASES,
    select: { slug: true },
  });
  if (stale.length > 0) await tx.holderSlugAlias.deleteMany({ where: { slug: { in: stale.map((a) => a.slug) } } });
}
