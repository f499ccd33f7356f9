// Every job of the application, once. Both engines read this list: the embedded workers
// (workers.ts) and the Inngest functions (inngest/functions/index.ts).
import { BATCH_JOBS } from "../batches/jobs";
import { deliverWebhookJob } from "../webhooks/delivery-job";
import { SWEEP_CRON, sweepDeliveriesJob } from "../webhooks/sweep-deliveries";
import type { AnyJob } from "./index";

export const JOBS: readonly AnyJob[] = [deliverWebhookJob, sweepDeliveriesJob, ...BATCH_JOBS];

/** Recurring jobs and when they run. */
export const SCHEDULES: ReadonlyArray<{ job: AnyJob; cron: string }> = [{ job: sweepDeliveriesJob, cron: SWEEP_CRON }];
