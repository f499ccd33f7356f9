// Claims an Idempotency-Key: inserts the in-progress record holding a lease, or nothing when the key
// is taken (the unique index decides who is first, also across instances). Prisma's create throws
// on the conflict and its createMany cannot say which row it inserted.
import { Prisma, type DbClient } from "../index";
import { runStatement } from "./run-statement";

export interface IdempotencyClaim {
  id: string;
  userId: string;
  livemode: boolean;
  key: string;
  requestHash: string;
  owner: string;
  leaseSeconds: number;
  windowSeconds: number;
}

/** The new record's id, or null when another request holds the key. */
export async function claimIdempotencyKey(db: DbClient, claim: IdempotencyClaim): Promise<string | null> {
  const [row] = await runStatement<{ id: string }>(
    db,
    Prisma.sql`
      INSERT INTO idempotency_records (id, "userId", livemode, key, "requestHash", state, "leaseOwner", "leaseExpiresAt", "createdAt", "expiresAt")
      VALUES (${claim.id}::text, ${claim.userId}::text, ${claim.livemode}::boolean, ${claim.key}::text,
              ${claim.requestHash}::text, 'in_progress', ${claim.owner}::text,
              (now() AT TIME ZONE 'UTC') + make_interval(secs => ${claim.leaseSeconds}::float8),
              now() AT TIME ZONE 'UTC', (now() AT TIME ZONE 'UTC') + make_interval(secs => ${claim.windowSeconds}::float8))
      ON CONFLICT ("userId", livemode, key) DO NOTHING
      RETURNING id`,
  );
  return row?.id ?? null;
}
