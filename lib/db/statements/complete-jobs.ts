// Marks runs of the embedded engine's jobs completed, many in one statement (pg-boss 10's own
// complete, on the relaxed-commit pool: a completion lost in a PostgreSQL crash is a job run again
// after its lease, and every handler is idempotent).
import { Prisma, type DbClient } from "../index";
import { QUEUE_JOB_TABLE as job } from "./claim-jobs";
import { runStatement } from "./run-statement";

export async function completeJobs(db: DbClient, queue: string, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await runStatement(
    db,
    Prisma.sql`
    UPDATE ${job} SET completed_on = now(), state = 'completed'
    WHERE name = ${queue}::text AND id = ANY (${ids}::uuid[]) AND state = 'active'
    RETURNING id`,
    { commit: "relaxed" },
  );
}
