// A long run of the embedded engine renews its claim on its job (the lease's heartbeat, see
// lib/jobs/define-job.ts): pg-boss 10 has no heartbeat of its own, and its supervisor takes back a
// job whose start plus expiry has passed, so the expiry is moved along.
import { Prisma, type DbClient } from "../index";
import { QUEUE_JOB_TABLE as job } from "./claim-jobs";
import { runStatement } from "./run-statement";

/**
 * Renews a long run's claim (the lease's heartbeat): the job expires `heartbeatSeconds` from now,
 * but never later than `leaseSeconds` after it started.
 */
export async function renewJobClaim(
  db: DbClient,
  input: { queue: string; id: string; heartbeatSeconds: number; leaseSeconds: number },
): Promise<void> {
  await runStatement(
    db,
    Prisma.sql`
    UPDATE ${job} SET expire_in = LEAST(now() - started_on + make_interval(secs => ${input.heartbeatSeconds}::int),
                                        make_interval(secs => ${input.leaseSeconds}::int))
    WHERE name = ${input.queue}::text AND id = ${input.id}::uuid AND state = 'active'
    RETURNING id`,
  );
}
