import { loadEnv } from "../env";

export type JobEngine = "embedded" | "inngest";

/** JOB_ENGINE when set; otherwise Inngest when its event key is configured, else the embedded queue. */
export function jobEngine(): JobEngine {
  const env = loadEnv();
  return env.JOB_ENGINE ?? (env.INNGEST_EVENT_KEY ? "inngest" : "embedded");
}

/** The Inngest event that starts a job's function. */
export function jobEventName(jobName: string): string {
  return `credence/job.${jobName}`;
}
