// The jobs of the embedded queue (pg-boss's tables, lib/jobs/embedded-engine.ts) whose payload field
// holds one of the given values, oldest first: what became of a delivery's or a batch item's runs.
// pg-boss has no read of its own by payload, and Prisma does not know its schema.
import { Prisma, type DbClient } from "../index";
import { QUEUE_JOB_TABLE as job } from "./claim-jobs";
import { runStatement } from "./run-statement";

export interface QueuedJob {
  id: string;
  name: string;
  /** pg-boss's state: created, retry, active, completed, cancelled or failed. */
  state: string;
  /** Runs after the first. */
  retryCount: number;
  data: unknown;
  startAfter: Date;
}

export async function findJobs(
  db: DbClient,
  input: { queue: string; field: string; values: readonly string[] },
): Promise<QueuedJob[]> {
  return runStatement<QueuedJob>(
    db,
    Prisma.sql`
    SELECT id::text AS id, name, state::text AS state, retry_count AS "retryCount", data, start_after AS "startAfter"
    FROM ${job}
    WHERE name = ${input.queue}::text AND data->>${input.field}::text = ANY (${input.values}::text[])
    ORDER BY created_on, id`,
  );
}
