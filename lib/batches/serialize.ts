import type { Batch, BatchItem } from "../db";
import { timestamp } from "../http/response";

export function toApiBatch(batch: Batch & { items: BatchItem[] }) {
  return {
    id: batch.id,
    object: "batch" as const,
    status: batch.status,
    livemode: batch.livemode,
    mode: batch.mode,
    total: batch.total,
    pending: batch.total - batch.completed - batch.failed,
    completed: batch.completed,
    failed: batch.failed,
    created_at: timestamp(batch.createdAt),
    completed_at: batch.completedAt ? timestamp(batch.completedAt) : null,
    poll_url: `/v1/batches/${batch.id}`,
    items: [...batch.items]
      .sort((a, b) => a.position - b.position)
      .map((item) => ({
        id: item.id,
        position: item.position,
        status: item.status,
        verification_id: item.verificationId,
        error: (item.error as { code: string; message: string } | null) ?? null,
      })),
  };
}
