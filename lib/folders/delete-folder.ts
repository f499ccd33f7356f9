import type { DbClient } from "../db";
import { ApiError } from "../http/errors";

/** Deletes the folder and its links; the verifications stay in the user's history. */
export async function deleteFolder(db: DbClient, userId: string, id: string): Promise<void> {
  const { count } = await db.folder.deleteMany({ where: { id, userId } });
  if (count === 0) throw new ApiError("not_found", `No folder with id "${id}" exists in your account.`);
}
