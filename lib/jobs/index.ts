// The one way the rest of the code starts background work. A job is a name, a zod schema of its
// payload and a handler (a plain function in lib/). Engines behind enqueueJob: the embedded queue
// on our own database for a single machine, Inngest for scale-out (chosen by configuration).
//
// INTERIM: until the embedded engine lands, enqueueJob runs the handler in this process after the
// current request (not durable). The jobs engineer replaces the body of enqueueJob; callers stay.
import type { z } from "zod";
import { errorFields, log } from "../log";

export interface JobContext {
  /** 1 for the first run, then 2, 3… when the engine retries a failed run. */
  attempt: number;
}

export interface JobDefinition<T> {
  name: string;
  schema: z.ZodType<T>;
  handle: (payload: T, ctx: JobContext) => Promise<void>;
}

export function defineJob<T>(definition: JobDefinition<T>): JobDefinition<T> {
  return definition;
}

export interface EnqueueOptions {
  /** Run no earlier than this instant. */
  startAfter?: Date;
  /** At most one queued job with this key at a time. */
  singletonKey?: string;
}

export async function enqueueJob<T>(job: JobDefinition<T>, payload: T, options: EnqueueOptions = {}): Promise<void> {
  const data = job.schema.parse(payload);
  const delay = Math.max(0, (options.startAfter?.getTime() ?? 0) - Date.now());
  setTimeout(() => {
    job.handle(data, { attempt: 1 }).catch((error: unknown) => log.error(`job ${job.name} failed`, errorFields(error)));
  }, delay);
}
