// Starting and stopping background work in this process. Under Inngest there is nothing to start:
// the Inngest server calls app/api/inngest. The embedded engine polls its queues from here; the
// server starts it once (instrumentation.ts), tests start and stop it themselves.
import { settleEmbeddedJobs, startEmbeddedWorkers, stopEmbeddedEngine } from "./embedded-engine";
import { jobEngine } from "./engine";
import { JOBS, SCHEDULES } from "./registry";

export async function startJobWorkers(): Promise<void> {
  if (jobEngine() !== "embedded") return;
  await startEmbeddedWorkers(JOBS, SCHEDULES);
}

/** Stops the workers and the queue; jobs queued or delayed stay in the database for the next start. */
export async function stopJobWorkers(timeoutMs?: number): Promise<void> {
  await stopEmbeddedEngine(timeoutMs);
}

/**
 * For short-lived processes (CLI commands) that enqueue jobs without working them: waits until
 * every job is in the queue, then closes the queue. The server's workers pick them up.
 */
export async function flushJobs(): Promise<void> {
  await settleEmbeddedJobs();
  await stopEmbeddedEngine();
}
