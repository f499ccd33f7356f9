// Enqueuing under Inngest: one event per job, named for it (jobEventName). A future startAfter
// becomes the event's timestamp, which Inngest honours as a delayed start; a singleton key becomes
// the event id, which Inngest deduplicates for 24 hours.
import type { EnqueueOptions } from "./define-job";
import { jobEventName } from "./engine";
import { inngest } from "./inngest-client";

export async function sendInngestJob(name: string, data: unknown, options: EnqueueOptions): Promise<void> {
  await inngest.send({
    name: jobEventName(name),
    data: data as Record<string, unknown>,
    id: options.singletonKey ? `${name}:${options.singletonKey}` : undefined,
    ts: options.startAfter && options.startAfter.getTime() > Date.now() ? options.startAfter.getTime() : undefined,
  });
}

export async function sendInngestJobs(
  name: string,
  runs: Array<{ data: unknown; singletonKey?: string }>,
  options: EnqueueOptions,
): Promise<void> {
  const ts = options.startAfter && options.startAfter.getTime() > Date.now() ? options.startAfter.getTime() : undefined;
  await inngest.send(
    runs.map((run) => ({
      name: jobEventName(name),
      data: run.data as Record<string, unknown>,
      id: run.singletonKey ? `${name}:${run.singletonKey}` : undefined,
      ts,
    })),
  );
}
