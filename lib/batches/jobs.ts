// Job definitions of the batch pipeline; the work itself is process-batch-item.ts.
import { z } from "zod";
import { defineJob } from "../jobs";
import { MAX_ITEM_ATTEMPTS, processBatchItem } from "./process-batch-item";

export const processBatchItemJob = defineJob({
  name: "batch.process-item",
  schema: z.object({ batchItemId: z.string() }),
  handle: (payload, ctx) => processBatchItem(payload.batchItemId, ctx),
  retry: { limit: MAX_ITEM_ATTEMPTS - 1, delaySeconds: 5 },
  concurrency: 4,
});

export const BATCH_JOBS = [processBatchItemJob];
