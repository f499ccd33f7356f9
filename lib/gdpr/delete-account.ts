// POST /gdpr/delete-account: everything the account owns goes, files included, in one transaction
// that records the files' keys (then the files are deleted after the commit; a crash in between is
// finished by the file sweep). What stays, anonymised: payment records, which accounting law keeps
// (KEPT_AFTER_ERASURE in user-data-tables.ts). Sessions end with the row: every session cookie and
// application JWT names the account by id, and lib/auth/find-signed-in-user.ts finds none any more;
// API tokens and webhook endpoints are rows of the account and go with it.
import type { Db, DbClient } from "../db";
import { forgetBadgeCertificates } from "../holder/badges/badge-certificate-file";
import { visitorHash } from "../holder/record-profile-view";
import { forgetVerificationImages } from "../images/verification-images";
import { deleteMailFilesTo } from "../mail/delete-mail-files";
import { deleteRecordedFiles } from "../storage/delete-recorded-files";
import { recordFileDeletions } from "../storage/record-file-deletions";
import { eraseVerifications, storedBatchInput } from "./erase-verifications";

/** Verifications erased per statement: an account may hold more than one IN list carries. */
const CHUNK = 1000;

/** What an erased account's name is replaced with where an admin's name was written as text. */
export const ERASED_ACCOUNT = "erased account";

export async function deleteAccount(db: Db, userId: string) {
  const erased = await db.$transaction(
    async (tx) => {
      const user = await tx.user.findUniqueOrThrow({ where: { id: userId }, select: { id: true, email: true } });
      const verificationIds: string[] = [];
      const keys: string[] = [];
      for (;;) {
        const chunk = await tx.verification.findMany({ where: { userId }, select: { id: true }, take: CHUNK });
        if (chunk.length === 0) break;
        const ids = chunk.map((v) => v.id);
        verificationIds.push(...ids);
        keys.push(...(await eraseVerifications(tx, userId, ids, { wholeAccount: true })));
      }
      keys.push(...(await accountFileKeys(tx, userId)));
      await recordFileDeletions(tx, keys);
      await keepPaymentRecordsAnonymised(tx, userId);
      await tx.calibrationFeedback.deleteMany({ where: { userId } });
      await tx.magicLink.deleteMany({ where: { email: user.email } });
      await tx.profileView.deleteMany({ where: { visitorHash: visitorHash({ userId }) } });
      await tx.institution.updateMany({ where: { createdBy: user.email }, data: { createdBy: ERASED_ACCOUNT } });
      await tx.institutionDomain.updateMany({ where: { addedBy: user.email }, data: { addedBy: ERASED_ACCOUNT } });
      // The rest cascades from the user row: tokens (and their rate buckets), sessions' account,
      // webhook endpoints, events and deliveries, ledger, usage, idempotency records, batches,
      // folders, disputes, reviews, referrals, coupon redemptions, holder profile with its
      // credentials, badges, life events, aliases and views, CVs, social links, achievements.
      await tx.user.delete({ where: { id: userId } });
      return { email: user.email, verificationIds, keys: [...new Set(keys)] };
    },
    { timeout: 120_000 },
  );
  const filesDeleted = await deleteRecordedFiles(db, erased.keys);
  for (const id of erased.verificationIds) {
    forgetVerificationImages(id);
    forgetBadgeCertificates(id);
  }
  await deleteMailFilesTo(erased.email);
  return { object: "account" as const, id: userId, deleted: true as const, files_deleted: filesDeleted };
}

/** Files of the account that belong to no verification: avatar, CVs, stored files, batch inputs not yet run. */
async function accountFileKeys(tx: DbClient, userId: string): Promise<string[]> {
  const [profile, cvs, files, items] = await Promise.all([
    tx.holderProfile.findUnique({ where: { userId }, select: { avatarKey: true } }),
    tx.cvUpload.findMany({ where: { userId }, select: { fileKey: true } }),
    tx.storedFile.findMany({ where: { userId }, select: { storageKey: true } }),
    tx.batchItem.findMany({ where: { batch: { userId } }, select: { input: true } }),
  ]);
  return [
    ...(profile?.avatarKey ? [profile.avatarKey] : []),
    ...cvs.map((c) => c.fileKey),
    ...files.map((f) => f.storageKey),
    ...items.flatMap((i) => storedBatchInput(i.input)),
  ];
}

/** Paid and refunded packs stay without the account (accounting records); unpaid ones simply go. */
async function keepPaymentRecordsAnonymised(tx: DbClient, userId: string): Promise<void> {
  await tx.creditPackTransaction.deleteMany({ where: { userId, status: { in: ["pending", "failed"] } } });
  await tx.creditPackTransaction.updateMany({ where: { userId }, data: { userId: null, anonymisedAt: new Date() } });
}
