// Erasing rows and files cannot be one transaction: the rows go in a database transaction that
// also records the files' keys here, and the bytes are deleted after it commits
// (delete-recorded-files.ts). A crash between the two leaves the keys recorded, and the sweep
// (sweep-file-deletions.ts) finishes the job: never a row without its file's erasure, never a
// file deleted while its row might still roll back.
import type { DbClient } from "../db";

export async function recordFileDeletions(tx: DbClient, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  await tx.pendingFileDeletion.createMany({
    data: [...new Set(keys)].map((storageKey) => ({ storageKey })),
    skipDuplicates: true,
  });
}
