// POST /gdpr/delete-verification/{id}: the owner erases one verification and everything derived
// from it (erase-verifications.ts). Rows first, in one transaction that also records the files'
// keys; then the files, and the images cached in this process.
import type { Db } from "../db";
import { forgetBadgeCertificates } from "../holder/badges/badge-certificate-file";
import { ApiError } from "../http/errors";
import { forgetVerificationImages } from "../images/verification-images";
import { deleteRecordedFiles } from "../storage/delete-recorded-files";
import { eraseVerifications } from "./erase-verifications";

export async function deleteVerification(db: Db, userId: string, verificationId: string) {
  const keys = await db.$transaction(async (tx) => {
    const owned = await tx.verification.findFirst({ where: { id: verificationId, userId }, select: { id: true } });
    if (!owned) throw new ApiError("not_found", `No verification with id "${verificationId}" exists for this account.`);
    return eraseVerifications(tx, userId, [owned.id]);
  });
  const filesDeleted = await deleteRecordedFiles(db, keys);
  forgetVerificationImages(verificationId);
  forgetBadgeCertificates(verificationId);
  return { object: "verification" as const, id: verificationId, deleted: true as const, files_deleted: filesDeleted };
}
