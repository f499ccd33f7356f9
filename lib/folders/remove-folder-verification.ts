import type { DbClient } from "../db";
import { ApiError } from "../http/errors";
import { getFolderOrThrow } from "./get-folder-or-throw";

/** Unlinks a verification from the folder; the verification itself stays. */
export async function removeFolderVerification(db: DbClient, userId: string, folderId: string, verificationId: string) {
  await getFolderOrThrow(db, userId, folderId);
  const { count } = await db.folderVerification.deleteMany({ where: { folderId, verificationId } });
  if (count === 0) {
    throw new ApiError("not_found", `Verification "${verificationId}" is not in folder "${folderId}".`);
  }
}
