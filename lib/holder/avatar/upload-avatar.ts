// POST /holder/profile/avatar: the re-encoded image replaces the profile's avatar under a new random
// name (so a cached copy of the old one is never served as the new one), and the old file is deleted.
import type { DbClient } from "../../db";
import { ApiError } from "../../http/errors";
import { readBodyLimited } from "../../http/request";
import { deleteObject, putObject } from "../../storage";
import { getProfileOrThrow } from "../get-profile-or-throw";
import { PROFILE_INCLUDE } from "../profile/serialize";
import { newAvatarKey } from "./avatar-files";
import { AVATAR_MAX_BYTES, checkAvatarFile, reencodeAvatar } from "./process-avatar";

const MULTIPART_OVERHEAD = 64 * 1024;

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
  const raw = await readBodyLimited(req, AVATAR_MAX_BYTES + MULTIPART_OVERHEAD);
  let form: FormData;
  try {
    form = await new Response(raw as BodyInit, {
      headers: { "content-type": req.headers.get("content-type") ?? "" },
    }).formData();
  } catch {
    throw new ApiError(
      "invalid_request",
      "The multipart body could not be parsed. Check the boundary and the encoding.",
    );
  }
  const unknown = [...new Set(form.keys())].filter((key) => key !== "file");
  if (unknown.length > 0)
    throw new ApiError("invalid_request", `Unknown form field(s): ${unknown.join(", ")}. Send only 'file'.`);
  const file = form.get("file");
  if (!(file instanceof File))
    throw new ApiError("invalid_request", "Attach the image as a file in the form field 'file'.");
  return file;
}
