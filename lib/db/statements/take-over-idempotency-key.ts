// Takes over an in-progress Idempotency-Key record of the same request whose lease is over (the
// process that held it died). The lease is compared with the database's clock, the one every
// instance shares; Prisma can only compare with a time the caller sends.
import { Prisma, type DbClient } from "../index";
import { runStatement } from "./run-statement";

export interface IdempotencyTakeOver {
  userId: string;
  livemode: boolean;
  key: string;
  requestHash: string;
  owner: string;
  leaseSeconds: number;
}

/** The record's id, or null when its lease still runs (or it is not this request's). */
export async function takeOverIdempotencyKey(db: DbClient, take: IdempotencyTakeOver): Promise<string | null> {
  const [row] = await runStatement<{ id: string }>(
    db,
    Prisma.sql`
      UPDATE idempotency_records
      SET "leaseOwner" = ${take.owner}::text,
          "leaseExpiresAt" = (now() AT TIME ZONE 'UTC') + make_interval(secs => ${take.leaseSeconds}::float8)
      WHERE "userId" = ${take.userId}::text AND livemode = ${take.livemode}::boolean AND key = ${take.key}::text
        AND "requestHash" = ${take.requestHash}::text AND state = 'in_progress'
        AND "leaseExpiresAt" < now() AT TIME ZONE 'UTC'
      RETURNING id`,
  );
  return row?.id ?? null;
}
