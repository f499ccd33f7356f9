// Stopping background work in this process. Workers are started by server/jobs.ts (which lists
// every job); the embedded engine's queue is closed from here by the server, tests and the CLI.
import { settleEmbeddedJobs, stopEmbeddedEngine } from "./embedded-engine";

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
