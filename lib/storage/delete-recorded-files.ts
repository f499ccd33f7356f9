// Deletes recorded files (record-file-deletions.ts) and then their records. Deleting a file twice is
// harmless, so the request that committed the erasure and the sweep may both get here.
import type { DbClient } from "../db";
import { log, errorFields } from "../log";
import { deleteObject } from "./index";

/** Deletes the files and forgets the keys whose file is gone; a key whose delete failed stays for the sweep. */
export async function deleteRecordedFiles(db: DbClient, keys: readonly string[]): Promise<number> {
  const done: string[] = [];
  for (const key of new Set(keys)) {
    try {
      await deleteObject(key);
      done.push(key);
    } catch (error) {
      log.warn("stored file not deleted yet; the sweep tries again", { key, ...errorFields(error) });
    }
  }
  if (done.length > 0) await db.pendingFileDeletion.deleteMany({ where: { storageKey: { in: done } } });
  return done.length;
}
