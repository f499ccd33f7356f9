// Job definitions of the batch pipeline; the work itself is process-batch-item.ts.
import { z } from "zod";
import { loadEnv } from "../env";
import { defineJob, type JobLease } from "../jobs";
import { MAX_ITEM_ATTEMPTS, processBatchItem } from "./process-batch-item";

/** Storing the verification and counting the item, on top of fetching the document and the engine's deadline. */
const LEASE_MARGIN_SECONDS = 30;

export const processBatchItemJob = defineJob({
  name: "batch.process-item",
  schema: z.object({ batchItemId: z.string() }),
  key: ({ batchItemId }) => batchItemId,
  handle: async (payload, ctx) => {
    const answer = await processBatchItem(payload.batchItemId, ctx);
    return answer ? { retryAt: answer.retryAt } : undefined;
  },
  // A run holds the item for at most the time its work may take (read when the queue is set up,
  // from the configuration); a run whose process died stops renewing its claim and the item is
  // taken up again 30 s later, by any instance.
  get lease(): JobLease {
    const env = loadEnv();
    return {
      seconds: Math.ceil((env.FETCH_TIMEOUT_MS + env.ENGINE_DEADLINE_MS) / 1000) + LEASE_MARGIN_SECONDS,
      heartbeatSeconds: 30,
    };
  },
  retry: { limit: MAX_ITEM_ATTEMPTS - 1, delaySeconds: 5 },
  concurrency: 4,
});

export const BATCH_JOBS = [processBatchItemJob];
