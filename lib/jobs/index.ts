// The one way the rest of the code starts background work. A job is a name, a zod schema of its
// payload and a handler (a plain function in lib/). Two engines behind enqueueJob, chosen by
// configuration (engine.ts): the embedded queue (pg-boss on the app's own database, durable across
// restarts) for a single machine, and Inngest for scale-out. Every job is listed once in
// registry.ts; workers start in workers.ts (kept apart so job files can import this module).
import type { z } from "zod";
import type { DbClient } from "../db";
import { jobEngine } from "./engine";

export interface JobContext {
  /** 1 for the first run, then 2, 3… when the engine retries a failed run. */
  attempt: number;
}

export interface JobDefinition<T> {
  name: string;
  schema: z.ZodType<T>;
  handle: (payload: T, ctx: JobContext) => Promise<void>;
  /** Engine retries after a thrown error (default 2 retries, 5 s apart, backing off). */
  retry?: { limit: number; delaySeconds: number };
  /** Runs of this job at once in one process (default 1). */
  concurrency?: number;
}

/** A job of any payload type, for lists of jobs (the registry). */
export type AnyJob = Omit<JobDefinition<unknown>, "handle"> & {
  handle: (payload: never, ctx: JobContext) => Promise<void>;
};

export function defineJob<T>(definition: JobDefinition<T>): JobDefinition<T> {
  return definition;
}

export interface EnqueueOptions {
  /** Run no earlier than this instant. */
  startAfter?: Date;
  /** Queuing the same key twice queues one job (the key is kept for the job's retention time). */
  singletonKey?: string;
  /**
   * The caller's transaction: the embedded engine writes the job in it, so the job exists exactly
   * when the caller's rows do. Inngest cannot join a transaction; its handlers retry until the rows
   * are visible.
   */
  db?: DbClient;
}

export async function enqueueJob<T>(job: JobDefinition<T>, payload: T, options: EnqueueOptions = {}): Promise<void> {
  const data = job.schema.parse(payload);
  if (jobEngine() === "inngest") {
    const { sendInngestJob } = await import("./inngest-engine");
    await sendInngestJob(job.name, data, options);
  } else {
    const { sendEmbeddedJob } = await import("./embedded-engine");
    await sendEmbeddedJob(job, data, options);
  }
}
