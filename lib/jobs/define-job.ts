// What a job is, whichever engine runs it: a name, a zod schema of its payload, a handler (a plain
// function in lib/) that may answer "run again at T", and the lease one run holds. Engines
// (embedded-engine.ts, the Inngest adapter in inngest/) import this file; nothing here imports them.
import type { z } from "zod";
import type { DbClient, Prisma } from "../db";

export interface JobContext {
  /** 1 for the first run, then 2, 3… when the engine runs it again (a thrown error, a lost lease). */
  attempt: number;
  /**
   * What the job's `preload` column answered, as the database wrote it, when the engine read it
   * while claiming the run (the embedded engine); absent otherwise: the handler reads it itself.
   */
  preloaded?: unknown;
  /**
   * Hands the engine a result of the run for the job's `settle`, written with the run's completion
   * if the run ends well (it does not throw). Present on the embedded engine; absent otherwise:
   * the handler writes the result itself.
   */
  settle?: (result: unknown) => void;
}

/** A handler's answer "not done: run again at `retryAt`", with the payload of that run (default: the same). */
export interface RetryAt<T> {
  retryAt: Date;
  payload?: T;
}

export interface JobLease {
  /**
   * How long one run may hold the job. A run not finished by then (its process died, or it hung)
   * is taken back and run again, by any instance. Fit it to the work: a webhook attempt is its
   * HTTP timeout plus a margin, an engine job its deadline.
   */
  seconds: number;
  /**
   * For long runs: the run renews its claim this often (at half the period), and a claim not
   * renewed for this long is taken back before `seconds` is over (≥ 10, pg-boss's minimum).
   */
  heartbeatSeconds?: number;
}

export interface JobDefinition<T> {
  name: string;
  schema: z.ZodType<T>;
  handle: (payload: T, ctx: JobContext) => Promise<void | RetryAt<T>>;
  lease: JobLease;
  /** The payload's identity: queuing a payload whose key is already queued queues nothing. */
  key?: (payload: T) => string;
  /** Runs again after a thrown error or a lost lease (default 2 more, 5 s apart, backing off). */
  retry?: { limit: number; delaySeconds: number };
  /** Runs of this job at once in one process (default 1). */
  concurrency?: number;
  /**
   * Runs at once per group (a webhook delivery's endpoint), so that one group whose runs are slow
   * holds at most `limit` of the workers: `field` names the payload field holding the group.
   * The embedded engine bounds it per process, Inngest per group across instances.
   */
  group?: { field: keyof T & string; limit: number };
  /**
   * What a run reads first, as one SQL column over the claimed job (`claimed.data` is its payload;
   * the column lives in lib/db/statements beside the statement that reads it otherwise). The
   * embedded engine reads it in the statement that claims the runs, so claiming a batch and its
   * runs' first reads are one round trip; the handler gets it in `ctx.preloaded`.
   */
  preload?: Prisma.Sql;
  /**
   * What a run writes last, as SQL CTEs over the results its runs handed to `ctx.settle` (one
   * parameter per column, so one statement text for any number of results; the CTEs live in
   * lib/db/statements beside the statement that writes them otherwise). The embedded engine writes
   * the results of the runs that ended in the statement that completes them and claims the next:
   * one round trip where there were two. The dual of `preload`.
   */
  settle?: (results: unknown[]) => Prisma.Sql;
}

/** A job of any payload type, for lists of jobs (the registry). */
export type AnyJob = Omit<JobDefinition<unknown>, "handle" | "key" | "group"> & {
  group?: { field: string; limit: number };
  handle: (payload: never, ctx: JobContext) => Promise<void | RetryAt<unknown>>;
  key?: (payload: never) => string;
};

export function defineJob<T>(definition: JobDefinition<T>): JobDefinition<T> {
  return definition;
}

export interface EnqueueOptions {
  /** Run no earlier than this instant. */
  startAfter?: Date;
  /** Overrides the job's key(payload): queuing the same key twice queues one job. */
  singletonKey?: string;
  /**
   * The caller's transaction: the embedded engine writes the job in it, so the job exists exactly
   * when the caller's rows do. Inngest cannot join a transaction; its handlers retry until the rows
   * are visible.
   */
  db?: DbClient;
}

/** The key a payload is queued under, if any. */
export function jobKey<T>(job: JobDefinition<T>, payload: T, options: EnqueueOptions): string | undefined {
  return options.singletonKey ?? job.key?.(payload);
}
