import type { DbClient } from "../../db";
import { isUniqueViolation } from "../../db/unique-violation";
import { ApiError } from "../../http/errors";
import { newId } from "../../ids";
import { profileData } from "./profile-data";
import type { CreateProfileInput } from "./profile-schema";
import { PROFILE_INCLUDE } from "./serialize";
import { assertSlugAvailable, deriveSlug, slugTaken } from "./slug-availability";

const alreadyHasOne = () =>
  new ApiError("conflict", "You already have a holder profile: change it with PATCH /holder/profile.");

export async function createProfile(db: DbClient, userId: string, input: CreateProfileInput) {
  if (await db.holderProfile.findUnique({ where: { userId }, select: { id: true } })) throw alreadyHasOne();
  const { slug: chosen, ...fields } = input;
  if (chosen !== undefined) await assertSlugAvailable(db, chosen, null);
  const slug = chosen ?? (await deriveSlug(db, fields.display_name));
  try {
    return await db.holderProfile.create({
      data: { id: newId("profile"), userId, slug, ...profileData(fields), displayName: fields.display_name },
      include: PROFILE_INCLUDE,
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // Two requests raced: either the same user created a profile, or someone took the slug.
    if (await db.holderProfile.findUnique({ where: { userId }, select: { id: true } })) throw alreadyHasOne();
    throw slugTaken(slug);
  }
}
