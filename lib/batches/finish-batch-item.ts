// Counting an item on its batch exactly once: the item's status change is conditional on it still
// being open, and only that winner increments the batch. Whoever moves the batch to completed
// (another conditional update) emits batch.completed.
import type { Db, DbClient } from "../db";
import { completeBatchIfDone } from "../db/statements/complete-batch-if-done";
import { emitEvent } from "../events/emit-event";
import { toApiBatch } from "./serialize";

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
      data: {
        status: failed ? "failed" : "completed",
        verificationId: outcome.verificationId,
        error: outcome.error ?? undefined,
      },
    });
    if (changed.count === 0) return;
    await tx.batch.update({
      where: { id: item.batchId },
      data: failed ? { failed: { increment: 1 } } : { completed: { increment: 1 } },
    });
    if (await completeBatchIfDone(tx, item.batchId)) await emitBatchCompleted(tx, item.batchId);
  });
}

async function emitBatchCompleted(tx: DbClient, batchId: string): Promise<void> {
  const batch = await tx.batch.findUniqueOrThrow({ where: { id: batchId }, include: { items: true } });
  const api = toApiBatch(batch);
  await emitEvent(tx, {
    userId: batch.userId,
    livemode: batch.livemode,
    type: "batch.completed",
    data: {
      batch: {
        id: api.id,
        object: api.object,
        status: api.status,
        total: api.total,
        completed: api.completed,
        failed: api.failed,
        completed_at: api.completed_at,
        item_ids: api.items.map((i) => i.id),
        verification_ids: api.items.map((i) => i.verification_id).filter((v): v is string => v !== null),
      },
    },
  });
}
