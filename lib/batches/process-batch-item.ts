// One batch item: load its document (stored input or URL), verify it with the id fixed at
// submission (so a retried job never makes a second verification nor a second charge), then
// count it on the batch exactly once. The last item completes the batch and emits batch.completed.
import { getDb } from "../db";
import { ApiError } from "../http/errors";
import type { JobContext } from "../jobs";
import { errorFields, log } from "../log";
import { deleteObject, getObject } from "../storage";
import { createVerification } from "../verifications/create-verification";
import { isSupportedType, sniffType } from "../verifications/document-types";
import { fetchDocumentUrl } from "../verifications/fetch-document-url";
import type { DocumentInput } from "../verifications/parse-document-request";
import type { BatchItemInput } from "./batch-item-input";
import { finishBatchItem } from "./finish-batch-item";

export const MAX_ITEM_ATTEMPTS = 3;

/** Seconds before an item the engine pool had no room for is tried again, unless the pool says. */
const BUSY_RETRY_SECONDS = 5;

/**
 * Runs the item, or answers "retry at T" when the engine pool is full (that is no failure of the
 * item: it waits its turn). A run whose process died is run again by the job engine; the item is
 * still `processing` then, and its fixed verification id keeps it to one verification.
 */
export async function processBatchItem(
  batchItemId: string,
  ctx: JobContext = { attempt: 1 },
): Promise<void | { retryAt: Date }> {
  const db = await getDb();
  const item = await db.batchItem.findUnique({ where: { id: batchItemId }, include: { batch: true } });
  if (!item || item.status === "completed" || item.status === "failed") return;
  // Conditional, like finishBatchItem: a run that read the item open while another run was finishing
  // it must not reopen it (it would be counted on the batch a second time).
  const claimed = await db.batchItem.updateMany({
    where: { id: item.id, status: { in: ["queued", "processing"] } },
    data: { status: "processing", attempts: { increment: 1 } },
  });
  if (claimed.count === 0) return;
  const input = item.input as BatchItemInput;
  try {
    const existing = await db.verification.findUnique({ where: { id: input.verification_id } });
    const verification =
      existing ??
      (await createVerification(db, {
        id: input.verification_id,
        userId: item.batch.userId,
        livemode: item.batch.livemode,
        source: "batch",
        batchId: item.batchId,
        document: await loadDocument(input, item.batch.mode),
      }));
    const failed = verification.status === "failed";
    await finishBatchItem(db, item.id, {
      verificationId: verification.id,
      error: failed ? (verification.error as never) : null,
    });
    if (input.kind === "stored") await deleteObject(input.storage_key);
  } catch (error) {
    if (error instanceof ApiError && error.code === "engine_busy") {
      const seconds = Number(error.options.headers?.["Retry-After"]) || BUSY_RETRY_SECONDS;
      return { retryAt: new Date(Date.now() + seconds * 1000) };
    }
    if (error instanceof ApiError) {
      await finishBatchItem(db, item.id, { verificationId: null, error: { code: error.code, message: error.message } });
      return;
    }
    if (ctx.attempt < MAX_ITEM_ATTEMPTS) throw error;
    log.error("batch item failed after retries", { batchItemId, ...errorFields(error) });
    await finishBatchItem(db, item.id, {
      verificationId: null,
      error: { code: "internal_error", message: "The item could not be processed." },
    });
  }
}

async function loadDocument(input: BatchItemInput, mode: "standard" | "deep"): Promise<DocumentInput> {
  if (input.kind === "stored") {
    const bytes = new Uint8Array(await getObject(input.storage_key));
    return { bytes, contentType: input.content_type as DocumentInput["contentType"], fileName: input.file_name, mode };
  }
  const fetched = await fetchDocumentUrl(input.url);
  const type = isSupportedType(fetched.contentType) ? fetched.contentType : sniffType(fetched.bytes);
  if (!type) throw new ApiError("invalid_request", "The fetched document's type could not be recognised.");
  return { bytes: fetched.bytes, contentType: type, fileName: input.file_name ?? fetched.fileName, mode };
}
