// Removes verifications of one owner and everything derived from them, inside the caller's
// transaction, and returns the storage keys of their files for deletion after the commit
// (lib/storage/record-file-deletions.ts records them in the same transaction).
// Derived data: stored files (original, page images), badge images, credentials and badges, folder
// links, disputes, reviews, issuer requests (cascades of the row), and what names the verification
// without a foreign key: its events (and so their webhook deliveries), idempotent API answers that
// repeat it, calibration feedback about it, the analysis cache of its bytes, batch inputs, rule
// suggestions' lists of verifications they would change, and the ledger's reference to it (the
// ledger row stays: the balance is the sum of the ledger).
import type { DbClient, Prisma } from "../db";
import { forgetErasedVerifications } from "../review/forget-erased-verifications";
import { recordFileDeletions } from "../storage/record-file-deletions";

export interface EraseOptions {
  /** The account goes too: its events, idempotency records and ledger go with its row, not one by one. */
  wholeAccount?: boolean;
}

export async function eraseVerifications(
  tx: DbClient,
  userId: string,
  ids: readonly string[],
  options: EraseOptions = {},
): Promise<string[]> {
  if (ids.length === 0) return [];
  const verificationIds = [...ids];
  const inIds = { in: verificationIds };
  const [files, badges, items, shas] = await Promise.all([
    tx.storedFile.findMany({ where: { verificationId: inIds }, select: { storageKey: true } }),
    tx.badge.findMany({ where: { credential: { verificationId: inIds } }, select: { imageKey: true } }),
    tx.batchItem.findMany({ where: { verificationId: inIds }, select: { id: true, input: true } }),
    tx.verification.findMany({ where: { id: inIds }, select: { fileSha256: true } }),
  ]);
  const keys = [
    ...files.map((f) => f.storageKey),
    ...badges.flatMap((b) => (b.imageKey ? [b.imageKey] : [])),
    ...items.flatMap((i) => storedBatchInput(i.input)),
  ];
  await recordFileDeletions(tx, keys);

  if (!options.wholeAccount) await eraseMentions(tx, userId, verificationIds);
  await tx.calibrationFeedback.deleteMany({ where: { verificationId: inIds } });
  await forgetErasedVerifications(tx, verificationIds);
  await tx.analysisCache.deleteMany({ where: { fileSha256: { in: shas.map((s) => s.fileSha256) } } });
  await tx.batchItem.updateMany({
    where: { id: { in: items.map((i) => i.id) } },
    data: { input: { erased: true } satisfies Prisma.InputJsonValue },
  });
  await tx.verification.deleteMany({ where: { id: inIds, userId } });
  return [...new Set(keys)];
}

/** Rows of the (remaining) account that name the verifications in JSON or text rather than by key. */
async function eraseMentions(tx: DbClient, userId: string, ids: string[]): Promise<void> {
  const naming = (column: "data" | "responseBody", path: string[]) =>
    ids.map((id) => ({ [column]: { path, equals: id } }));
  await tx.event.deleteMany({ where: { userId, OR: naming("data", ["verification", "id"]) } });
  await tx.idempotencyRecord.deleteMany({ where: { userId, OR: naming("responseBody", ["id"]) } });
  // The charge stays in the ledger (the balance is its sum); only its reference to the document goes.
  const ledger = await tx.creditLedgerEntry.findMany({ where: { verificationId: { in: ids } }, select: { id: true } });
  for (const entry of ledger) {
    await tx.creditLedgerEntry.update({
      where: { id: entry.id },
      data: { reference: `erased:${entry.id}`, verificationId: null },
    });
  }
}

/** The storage key of a batch input stored before its verification ran, if it still is. */
export function storedBatchInput(input: Prisma.JsonValue): string[] {
  const key = (input as { storage_key?: unknown } | null)?.storage_key;
  return typeof key === "string" ? [key] : [];
}
