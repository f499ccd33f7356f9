// All functions served at /api/inngest: one per registered job, through the generic adapter, and a
// cron function per schedule.
import { JOBS, SCHEDULES } from "@/server/jobs";
import { jobFunction, scheduledJobFunction } from "./run-job";

export const functions = [
  ...JOBS.map(jobFunction),
  ...SCHEDULES.map(({ job, cron }) => scheduledJobFunction(job, cron)),
];
