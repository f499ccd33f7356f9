// GET /holder/profile/avatar/{filename}: shown to everyone while the profile is public, to its
// owner always, and to nobody else (404, as for a name that was never an avatar).
import type { DbClient } from "../../db";
import { ApiError } from "../../http/errors";
import { getObject } from "../../storage";
import { avatarKeyOf } from "./avatar-files";

export interface ServedAvatar {
  bytes: Buffer;
  /** Whether anyone may see it (and so any cache may keep it). */
  isPublic: boolean;
}

export async function readAvatar(db: DbClient, fileName: string, viewerId: string | null): Promise<ServedAvatar> {
  const notFound = new ApiError("not_found", "No such avatar.");
  const key = avatarKeyOf(fileName);
  if (!key) throw notFound;
  const profile = await db.holderProfile.findFirst({
    where: { avatarKey: key },
    select: { userId: true, isPublic: true },
  });
  if (!profile || (!profile.isPublic && profile.userId !== viewerId)) throw notFound;
  try {
    return { bytes: await getObject(key), isPublic: profile.isPublic };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") throw notFound;
    throw error;
  }
}
