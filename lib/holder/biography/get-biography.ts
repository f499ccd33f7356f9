import type { DbClient } from "../../db";
import { ApiError } from "../../http/errors";
import { timestamp } from "../../http/response";
import { getProfileOrThrow } from "../get-profile-or-throw";
import { storedBiographySchema, toApiBiography } from "./biography-schema";

/** The cached biography; 404 until POST /holder/biography/generate has written one. */
export async function getBiography(db: DbClient, userId: string) {
  const profile = await getProfileOrThrow(db, userId);
  const stored = storedBiographySchema.safeParse(profile.biography);
  if (!stored.success || !profile.biographyGeneratedAt) {
    throw new ApiError("not_found", "No biography yet: generate one with POST /holder/biography/generate.");
  }
  return toApiBiography(stored.data, profile.biographyGeneratedAt, timestamp);
}
