// Moves a batch to completed once every item is counted, in one conditional update, so exactly one
// of the items finishing at once completes it. Prisma's where cannot compare a sum of columns.
import { Prisma, type DbClient } from "../index";
import { runStatement } from "./run-statement";

/** Whether this call completed the batch (false: items are still open, or another call did it). */
export async function completeBatchIfDone(tx: DbClient, batchId: string): Promise<boolean> {
  const rows = await runStatement<{ id: string }>(
    tx,
    Prisma.sql`
      UPDATE batches SET status = 'completed', "completedAt" = now() AT TIME ZONE 'UTC'
      WHERE id = ${batchId}::text AND status = 'processing' AND completed + failed >= total
      RETURNING id`,
  );
  return rows.length > 0;
}
