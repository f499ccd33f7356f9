// Finishes erasures whose process stopped between the commit and the file deletions
// (record-file-deletions.ts): every recorded key is deleted again, oldest first.
import { z } from "zod";
import { type DbClient, getDb } from "../db";
import { defineJob } from "../jobs";
import { log } from "../log";
import { deleteRecordedFiles } from "./delete-recorded-files";

const BATCH = 500;

export async function sweepFileDeletions(db: DbClient): Promise<number> {
  let deleted = 0;
  for (;;) {
    const rows = await db.pendingFileDeletion.findMany({ orderBy: { createdAt: "asc" }, take: BATCH });
    if (rows.length === 0) return deleted;
    const done = await deleteRecordedFiles(
      db,
      rows.map((r) => r.storageKey),
    );
    deleted += done;
    if (done < rows.length) return deleted; // the rest failed now: the next sweep tries again
  }
}

export const sweepFileDeletionsJob = defineJob({
  name: "storage.sweep-file-deletions",
  schema: z.object({}),
  lease: { seconds: 120 },
  handle: async () => {
    const deleted = await sweepFileDeletions(await getDb());
    if (deleted > 0) log.warn("files of interrupted erasures deleted", { count: deleted });
  },
});

/** Every five minutes. */
export const SWEEP_FILE_DELETIONS_CRON = "*/5 * * * *";
