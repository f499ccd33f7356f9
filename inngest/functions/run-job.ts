// Every other job of the registry becomes one Inngest function: its handler in one step, retried
// by Inngest (the same count the embedded engine uses).
import type { AnyJob } from "@/lib/jobs";
import { jobEventName } from "@/lib/jobs/engine";
import { inngest } from "../client";

export function jobFunction(job: AnyJob) {
  return inngest.createFunction(
    {
      id: `job-${job.name.replace(/[^a-z0-9-]/gi, "-")}`,
      triggers: [{ event: jobEventName(job.name) }],
      retries: retries(job),
    },
    async ({ event, step, attempt }) => {
      await step.run("handle", () => job.handle(job.schema.parse(event.data) as never, { attempt: attempt + 1 }));
    },
  );
}

// Inngest types retries as the literal 0..20.
type Retries = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12 | 13 | 14 | 15 | 16 | 17 | 18 | 19 | 20;
function retries(job: AnyJob): Retries {
  return Math.max(0, Math.min(20, job.retry?.limit ?? 2)) as Retries;
}

/** A recurring job: the cron trigger starts the same handler. */
export function scheduledJobFunction(job: AnyJob, cron: string) {
  return inngest.createFunction(
    { id: `cron-${job.name.replace(/[^a-z0-9-]/gi, "-")}`, triggers: [{ cron }] },
    async ({ step, attempt }) => {
      await step.run("handle", () => job.handle(job.schema.parse({}) as never, { attempt: attempt + 1 }));
    },
  );
}
