// Renews the lease of an in-progress Idempotency-Key record, on the database's clock like the claim
// and the take-over (so instances with skewed clocks agree), and only for its current holder.
import { Prisma, type DbClient } from "../index";
import { runStatement } from "./run-statement";

/** Whether the lease was renewed (false: another run took the record over, or it is finished). */
export async function renewIdempotencyLease(
  db: DbClient,
  lease: { id: string; owner: string; leaseSeconds: number },
): Promise<boolean> {
  const rows = await runStatement<{ id: string }>(
    db,
    Prisma.sql`
      UPDATE idempotency_records
      SET "leaseExpiresAt" = (now() AT TIME ZONE 'UTC') + make_interval(secs => ${lease.leaseSeconds}::float8)
      WHERE id = ${lease.id}::text AND "leaseOwner" = ${lease.owner}::text AND state = 'in_progress'
      RETURNING id`,
  );
  return rows.length > 0;
}
