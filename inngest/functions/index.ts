// All functions served at /api/inngest: the webhook ladder has its own orchestrator; every other
// registered job runs through the generic one; schedules become cron functions.
import { JOBS, SCHEDULES } from "@/lib/jobs/registry";
import { deliverWebhookJob } from "@/lib/webhooks/delivery-job";
import { deliverWebhook } from "./deliver-webhook";
import { jobFunction, scheduledJobFunction } from "./run-job";

const CUSTOM = new Set([deliverWebhookJob.name]);

export const functions = [
  deliverWebhook,
  ...JOBS.filter((job) => !CUSTOM.has(job.name)).map(jobFunction),
  ...SCHEDULES.map(({ job, cron }) => scheduledJobFunction(job, cron)),
];
