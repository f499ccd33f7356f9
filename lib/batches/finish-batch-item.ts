// Counting an item on its batch exactly once: the item's status change is conditional on it still
// being open, and only that winner increments the batch. Whoever moves the batch to completed
// (another conditional update) emits batch.completed.
import type { Db } from "../db";

export async function finishBatchItem(
  db: Db,
  itemId: string,
  outcome: { verificationId: string | null; error: { code: string; message: string } | null },
): Promise<void> {
  const failed = outcome.error !== null;
  await db.$transaction(async (tx) => {
    const item = await tx.batchItem.findUniqueOrThrow({ where: { id: itemId } });
    const changed = await tx.batchItem.updateMany({
      where: { id: itemId, status: { in: ["queued", "processing"] } },
      data: { status: failed ? "failed" : "completed", verificationId: outcome.verificationId, error: outcome.error ?? undefined },
    });
    if (changed.count === 0) return null;
    await tx.batch.update({ where: { id: item.batchId }, data: failed ? { failed: { increment: 1 } } : { completed: { increment: 1 } } });
    const done = await tx.$executeRaw`
      UPDATE batches SET status = 'completed', "completedAt" = now() AT TIME ZONE 'UTC'
      WHERE id = ${item.batchId} AND status = 'processing' AND completed + failed >= total`;
    return done > 0 ? item.batchId : null;
  });
}
