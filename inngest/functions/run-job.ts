// Every job of the registry becomes one Inngest function. Each run of its handler is a step
// (memoised: a replayed function never repeats a finished run); a handler's "run again at T"
// becomes step.sleepUntil, which costs nothing while it waits and survives deploys, then the next
// run. A thrown error is retried by Inngest (the count the embedded engine uses). Inngest's lease
// is the HTTP call of a step: when the instance running it dies, Inngest calls the step again, on
// whichever instance the load balancer picks.
import type { AnyJob, JobDefinition } from "@/lib/jobs";
import { jobEventName } from "@/lib/jobs/engine";
import { inngest } from "@/lib/jobs/inngest-client";

/** Runs of one job function before it gives up answering "run again" (the webhook ladder needs 9). */
const MAX_RUNS = 50;

export function jobFunction(job: AnyJob) {
  const typed = job as unknown as JobDefinition<unknown>;
  return inngest.createFunction(
    {
      id: `job-${slug(job.name)}`,
      triggers: [{ event: jobEventName(job.name) }],
      retries: retries(job),
      // A job's group limit (a webhook endpoint's) is an Inngest concurrency key; steps that
      // sleep until the next run do not count against it.
      ...(job.group ? { concurrency: [{ key: `event.data.${job.group.field}`, limit: job.group.limit }] } : {}),
    },
    async ({ event, step, attempt }) => {
      let payload = typed.schema.parse(event.data);
      for (let run = 1; run <= MAX_RUNS; run++) {
        const current = payload;
        const answer = (await step.run(`run-${run}`, async () => {
          const result = await typed.handle(current, { attempt: attempt + 1 });
          return result ? { retryAt: result.retryAt.toISOString(), payload: result.payload ?? current } : null;
        })) as { retryAt: string; payload: unknown } | null;
        if (!answer) return { runs: run };
        payload = typed.schema.parse(answer.payload);
        await step.sleepUntil(`wait-before-run-${run + 1}`, new Date(answer.retryAt));
      }
      throw new Error(`${job.name} still asked to run again after ${MAX_RUNS} runs.`);
    },
  );
}

// Inngest types retries as the literal 0..20.
type Retries = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12 | 13 | 14 | 15 | 16 | 17 | 18 | 19 | 20;
function retries(job: AnyJob): Retries {
  return Math.max(0, Math.min(20, job.retry?.limit ?? 2)) as Retries;
}

function slug(name: string): string {
  return name.replace(/[^a-z0-9-]/gi, "-");
}

/** A recurring job: the cron trigger starts the same handler (a recurring job never asks to run again). */
export function scheduledJobFunction(job: AnyJob, cron: string) {
  return inngest.createFunction({ id: `cron-${slug(job.name)}`, triggers: [{ cron }] }, async ({ step, attempt }) => {
    await step.run("handle", async () => {
      await job.handle(job.schema.parse({}) as never, { attempt: attempt + 1 });
    });
  });
}
