// Job definitions of the batch pipeline; the work itself is process-batch-item.ts.
import { z } from "zod";
import { defineJob } from "../jobs";
import { processBatchItem } from "./process-batch-item";

export const processBatchItemJob = defineJob({
  name: "batch.process-item",
  schema: z.object({ batchItemId: z.string() }),
  handle: (payload, ctx) => processBatchItem(payload.batchItemId, ctx),
});

export const BATCH_JOBS = [processBatchItemJob];
