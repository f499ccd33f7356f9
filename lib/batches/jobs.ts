// Job definitions of the batch pipeline; the work itself is process-batch-item.ts.
import { z } from "zod";
import { DEFAULT_LIMITS } from "../forensics/pipeline/limits";
import { defineJob } from "../jobs";
import { MAX_ITEM_ATTEMPTS, processBatchItem } from "./process-batch-item";

/** Fetching a document_url (15 s by default), storing the verification, counting the item: on top of the engine's deadline. */
const LEASE_MARGIN_SECONDS = 60;

export const processBatchItemJob = defineJob({
  name: "batch.process-item",
  schema: z.object({ batchItemId: z.string() }),
  key: ({ batchItemId }) => batchItemId,
  handle: (payload, ctx) => processBatchItem(payload.batchItemId, ctx),
  // A run holds the item for at most the time its work may take; a run whose process died stops
  // renewing its claim and the item is taken up again after 30 s, by any instance.
  lease: {
    seconds: Math.ceil(DEFAULT_LIMITS.timeoutMs / 1000) + LEASE_MARGIN_SECONDS,
    heartbeatSeconds: 30,
  },
  retry: { limit: MAX_ITEM_ATTEMPTS - 1, delaySeconds: 5 },
  concurrency: 4,
});

export const BATCH_JOBS = [processBatchItemJob];
