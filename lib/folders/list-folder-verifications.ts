import type { DbClient } from "../db";
import { getFolderOrThrow } from "./get-folder-or-throw";

/** The folder's documents in the order they were added, with their verifications. */
export async function listFolderVerifications(db: DbClient, userId: string, folderId: string) {
  const folder = await getFolderOrThrow(db, userId, folderId);
  const links = await db.folderVerification.findMany({
    where: { folderId },
    orderBy: [{ addedAt: "asc" }, { verificationId: "asc" }],
    include: { verification: true },
  });
  return { folder, links };
}
