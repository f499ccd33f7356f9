// Queues runs of one job of the embedded engine (pg-boss 10's tables, lib/jobs/embedded-engine.ts)
// as pg-boss's own insert does — the queue's retry, expiry and retention settings, an existing id
// left alone (a key queues once) — with one thing its insert cannot say: each run's `created_on`
// is the moment it was written (clock_timestamp()), not the start of the transaction. The queue
// hands out the oldest first (claim-jobs.ts), so runs queued one after another in one transaction
// (the items of a batch) run in that order; with the transaction's time they would tie and run in
// the order of their ids, which are hashes of their keys: at random.
import { Prisma, type DbClient } from "../index";
import { QUEUE_JOB_TABLE as job, QUEUE_TABLE as queue } from "./claim-jobs";
import { runStatement } from "./run-statement";

export interface InsertJobsInput {
  queue: string;
  /** In the order they should run; `id` a UUID. */
  jobs: Array<{ id: string; data: unknown }>;
  /** Due now when absent. */
  startAfter?: Date;
}

export async function insertJobs(db: DbClient, input: InsertJobsInput): Promise<void> {
  if (input.jobs.length === 0) return;
  await runStatement(db, insertJobsStatement(input));
}

export function insertJobsStatement(input: InsertJobsInput): Prisma.Sql {
  const at = input.startAfter?.toISOString() ?? null;
  return Prisma.sql`
    INSERT INTO ${job} (id, name, data, created_on, start_after, expire_in, retry_limit, retry_delay, retry_backoff, keep_until, policy)
    SELECT r.id, q.name, r.data, clock_timestamp(), coalesce(${at}::timestamptz, now()),
           make_interval(secs => coalesce(q.expire_seconds, 900)), q.retry_limit, q.retry_delay, q.retry_backoff,
           coalesce(${at}::timestamptz, now()) + make_interval(mins => coalesce(q.retention_minutes, 20160)), q.policy
    FROM unnest(${input.jobs.map((j) => j.id)}::uuid[], ${input.jobs.map((j) => JSON.stringify(j.data ?? null))}::jsonb[])
         WITH ORDINALITY AS r(id, data, n)
    JOIN ${queue} q ON q.name = ${input.queue}::text
    ORDER BY r.n
    ON CONFLICT DO NOTHING
    RETURNING id`;
}
