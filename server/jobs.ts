// Every job of the application, once, and starting their workers in this process. Both engines
// read the list: the embedded workers (startJobWorkers: instrumentation.ts at start-up, tests) and
// the Inngest functions (inngest/functions/index.ts). It stands above the domain folders whose jobs
// it lists, so lib/jobs (what a job is, the two engines) imports none of them.
import { BATCH_JOBS } from "../lib/batches/jobs";
import { BATCH_SWEEP_CRON, sweepBatchItemsJob } from "../lib/batches/sweep-batch-items";
import { disputeMailJob } from "../lib/disputes/dispute-mail-job";
import { EXPIRE_GRACES_CRON, expireGracesJob } from "../lib/billing/expire-graces-job";
import { checkAchievementsJob } from "../lib/holder/achievements/check-achievements-job";
import { parseCvJob } from "../lib/holder/cv/parse-cv-job";
import { SWEEP_CV_PARSES_CRON, sweepCvParsesJob } from "../lib/holder/cv/sweep-cv-parses-job";
import { issuerMailJob } from "../lib/issuers/issuer-mail-job";
import { SWEEP_FILE_DELETIONS_CRON, sweepFileDeletionsJob } from "../lib/storage/sweep-file-deletions";
import { startEmbeddedWorkers } from "../lib/jobs/embedded-engine";
import { jobEngine } from "../lib/jobs/engine";
import {
  SWEEP_INTERRUPTED_CRON,
  sweepInterruptedVerificationsJob,
} from "../lib/verifications/sweep-interrupted-verifications";
import type { AnyJob } from "../lib/jobs";
import { deliverWebhookJob } from "../lib/webhooks/delivery-job";
import { SWEEP_CRON, sweepDeliveriesJob } from "../lib/webhooks/sweep-deliveries";

export const JOBS: readonly AnyJob[] = [
  deliverWebhookJob,
  sweepDeliveriesJob,
  ...BATCH_JOBS,
  sweepBatchItemsJob,
  checkAchievementsJob,
  parseCvJob,
  sweepCvParsesJob,
  issuerMailJob,
  expireGracesJob,
  sweepFileDeletionsJob,
  disputeMailJob,
  sweepInterruptedVerificationsJob,
];

/** Recurring jobs and when they run. */
export const SCHEDULES: ReadonlyArray<{ job: AnyJob; cron: string }> = [
  { job: sweepDeliveriesJob, cron: SWEEP_CRON },
  { job: sweepCvParsesJob, cron: SWEEP_CV_PARSES_CRON },
  { job: sweepBatchItemsJob, cron: BATCH_SWEEP_CRON },
  { job: expireGracesJob, cron: EXPIRE_GRACES_CRON },
  { job: sweepFileDeletionsJob, cron: SWEEP_FILE_DELETIONS_CRON },
  { job: sweepInterruptedVerificationsJob, cron: SWEEP_INTERRUPTED_CRON },
];

/** Under Inngest there is nothing to start: the Inngest server calls app/api/inngest. */
export async function startJobWorkers(): Promise<void> {
  if (jobEngine() !== "embedded") return;
  await startEmbeddedWorkers(JOBS, SCHEDULES);
}
