import type { DbClient } from "../db";
import { ApiError } from "../http/errors";

/** One of the caller's folders; another user's id answers 404 like an id nobody has. */
export async function getFolderOrThrow(db: DbClient, userId: string, id: string) {
  const folder = await db.folder.findFirst({ where: { id, userId } });
  if (!folder) throw new ApiError("not_found", `No folder with id "${id}" exists in your account.`);
  return folder;
}
