// POST /holder/profile/avatar: the re-encoded image replaces the profile's avatar under a new random
// name (so a cached copy of the old one is never served as the new one), and the old file is deleted.
import type { DbClient } from "../../db";
import { ApiError } from "../../http/errors";
import { readFileForm } from "../../http/request";
import { deleteObject, putObject } from "../../storage";
import { getProfileOrThrow } from "../get-profile-or-throw";
import { PROFILE_INCLUDE } from "../profile/serialize";
import { newAvatarKey } from "./avatar-files";
import { AVATAR_MAX_BYTES, checkAvatarFile, reencodeAvatar } from "./process-avatar";

export async function uploadAvatar(db: DbClient, userId: string, req: Request) {
  const profile = await getProfileOrThrow(db, userId);
  const file = await readAvatarForm(req);
  const bytes = new Uint8Array(await file.arrayBuffer());
  checkAvatarFile(bytes, file.name, file.type);
  const webp = await reencodeAvatar(bytes);
  const key = newAvatarKey();
  await putObject(key, webp);
  const updated = await db.holderProfile.update({
    where: { id: profile.id },
    data: { avatarKey: key },
    include: PROFILE_INCLUDE,
  });
  if (profile.avatarKey) await deleteObject(profile.avatarKey);
  return updated;
}

async function readAvatarForm(req: Request): Promise<File> {
  const type = (req.headers.get("content-type") ?? "").toLowerCase();
  if (!type.startsWith("multipart/form-data"))
    throw new ApiError("unsupported_media_type", "Send the image as multipart/form-data in the field 'file'.");
  return (await readFileForm(req, { maxBytes: AVATAR_MAX_BYTES, what: "the image" })).file;
}
