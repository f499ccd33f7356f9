import type { DbClient } from "../db";
import { isUniqueViolation } from "../db/unique-violation";
import { ApiError } from "../http/errors";
import { MAX_DOCUMENTS } from "./folder-schema";
import { getFolderOrThrow } from "./get-folder-or-throw";

/**
 * Links one of the user's live verifications to one of their folders. Linking it again changes
 * nothing. Test-mode verifications are simulations and never join an applicant's file.
 */
export async function addFolderVerification(db: DbClient, userId: string, folderId: string, verificationId: string) {
  await getFolderOrThrow(db, userId, folderId);
  const verification = await db.verification.findFirst({ where: { id: verificationId, userId } });
  if (!verification) {
    throw new ApiError("not_found", `No verification with id "${verificationId}" exists in your account.`);
  }
  if (!verification.livemode) {
    throw new ApiError(
      "invalid_request",
      `Verification "${verificationId}" was made in test mode: folders hold live verifications only.`,
    );
  }
  const key = { folderId_verificationId: { folderId, verificationId } };
  const existing = await db.folderVerification.findUnique({ where: key });
  if (existing) return { link: existing, verification, created: false };
  if ((await db.folderVerification.count({ where: { folderId } })) >= MAX_DOCUMENTS) {
    throw new ApiError("conflict", `Folder "${folderId}" already holds ${MAX_DOCUMENTS} documents, the most it can.`);
  }
  try {
    const link = await db.folderVerification.create({ data: { folderId, verificationId } });
    await db.folder.update({ where: { id: folderId }, data: { updatedAt: new Date() } });
    return { link, verification, created: true };
  } catch (error) {
    // The same link made at the same moment by another request: the folder holds it once.
    if (!isUniqueViolation(error)) throw error;
    return { link: await db.folderVerification.findUniqueOrThrow({ where: key }), verification, created: false };
  }
}
