// The one way the rest of the code starts background work (enqueueJob) and defines it (defineJob,
// define-job.ts). Two engines, chosen by configuration (engine.ts): the embedded queue (pg-boss on
// the app's own database, durable across restarts) for a single machine, and Inngest for
// scale-out. Every job is listed once in server/jobs.ts, which starts the workers; workers.ts stops them.
import { type EnqueueOptions, type JobDefinition, jobKey } from "./define-job";
import type { InlineQueue } from "./embedded-engine";
import { jobEngine } from "./engine";

export { defineJob, jobKey } from "./define-job";
export type { AnyJob, EnqueueOptions, JobContext, JobDefinition, JobLease, RetryAt } from "./define-job";
export type { InlineQueue } from "./embedded-engine";

// Each engine is loaded on first use (the embedded one brings pg-boss, Inngest its SDK), once: a
// dynamic import of a module already loaded still costs a trip through the module loader (under
// tsx, a message to its loader thread), which on the path of every event was a tenth of a webhook
// delivery's CPU (bench:webhooks).
let embedded: Promise<typeof import("./embedded-engine")> | undefined;
let inngest: Promise<typeof import("./inngest-engine")> | undefined;
const embeddedEngine = () => (embedded ??= import("./embedded-engine"));
const inngestEngine = () => (inngest ??= import("./inngest-engine"));

export async function enqueueJob<T>(job: JobDefinition<T>, payload: T, options: EnqueueOptions = {}): Promise<void> {
  const data = job.schema.parse(payload);
  const key = jobKey(job, data, options);
  if (jobEngine() === "inngest") {
    const { sendInngestJob } = await inngestEngine();
    await sendInngestJob(job.name, data, { ...options, singletonKey: key });
  } else {
    const { sendEmbeddedJob } = await embeddedEngine();
    await sendEmbeddedJob(job, data, { ...options, singletonKey: key });
  }
}

/**
 * Queues many runs of one job in one round trip (a webhook event's deliveries): one pg-boss insert
 * on the embedded queue, one send of many events to Inngest. Keys work as in enqueueJob.
 */
export async function enqueueJobs<T>(
  job: JobDefinition<T>,
  payloads: T[],
  options: Omit<EnqueueOptions, "singletonKey"> = {},
): Promise<void> {
  if (payloads.length === 0) return;
  const runs = payloads.map((payload) => {
    const data = job.schema.parse(payload);
    return { data, singletonKey: jobKey(job, data, options) };
  });
  if (jobEngine() === "inngest") {
    const { sendInngestJobs } = await inngestEngine();
    await sendInngestJobs(job.name, runs, options);
  } else {
    const { sendEmbeddedJobs } = await embeddedEngine();
    await sendEmbeddedJobs(job, runs, options);
  }
}

/**
 * When the caller's own statement can write jobs of `job` beside its rows (the embedded queue's
 * tables are in the same database): what it needs for that (InlineQueue). Null under Inngest, or
 * when the embedded queue cannot take them yet: then queue them with enqueueJobs.
 */
export async function inlineQueue<T>(
  job: JobDefinition<T>,
  options: { db?: EnqueueOptions["db"] } = {},
): Promise<InlineQueue | null> {
  if (jobEngine() === "inngest") return null;
  const { inlineEmbeddedQueue } = await embeddedEngine();
  return inlineEmbeddedQueue(job, options);
}
