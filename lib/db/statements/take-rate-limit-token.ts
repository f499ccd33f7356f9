// One take from a token's rate-limit bucket: the refill (elapsed seconds × rate, capped at the
// burst) and the take in one statement on rate_limit_buckets, so every instance sharing the
// database sees one bucket. The sub-select locks the row and hands the pre-update value to
// RETURNING, which tells an allowed take from a refused one. Every /v1 request runs it (inside
// find-token-and-take.ts), so it stays SQL. It commits relaxed (run-statement.ts): a take lost in
// a PostgreSQL crash is a token back in the bucket, and waiting for the disk was most of the
// statement's time on a loaded machine (bench:api).
import { Prisma, type DbClient } from "../index";
import { runStatement } from "./run-statement";

export interface BucketRow {
  /** Tokens left after this request. */
  tokens: number;
  allowed: boolean;
}

/**
 * The refill and take, as CTEs over a CTE named `eligible` (id, burst, rate per second) that the
 * statement defines first: `inserted` (a first request makes the bucket) and `updated`.
 */
export const TAKE_CTES = Prisma.raw(`
  inserted AS (
    INSERT INTO rate_limit_buckets ("tokenId", tokens, "updatedAt")
    SELECT id, burst - 1, clock_timestamp() AT TIME ZONE 'UTC' FROM eligible
    ON CONFLICT ("tokenId") DO NOTHING
    RETURNING tokens, true AS allowed
  ), updated AS (
    UPDATE rate_limit_buckets b
    SET tokens = CASE WHEN r.refilled >= 1 THEN r.refilled - 1 ELSE r.refilled END,
        "updatedAt" = r.at
    FROM (
      SELECT k."tokenId",
             clock_timestamp() AT TIME ZONE 'UTC' AS at,
             LEAST(e.burst, k.tokens + GREATEST(0, EXTRACT(EPOCH FROM (clock_timestamp() AT TIME ZONE 'UTC' - k."updatedAt")))::float8 * e.rate) AS refilled
      FROM rate_limit_buckets k JOIN eligible e ON k."tokenId" = e.id FOR UPDATE OF k
    ) r
    WHERE b."tokenId" = r."tokenId"
    RETURNING b.tokens, r.refilled >= 1 AS allowed
  )`);

/** How the take commits: not waiting for the WAL flush. */
export const RELAXED_TAKE = { commit: "relaxed" } as const;

/** No row when the bucket was created by a concurrent first request this statement cannot see. */
export async function takeRateLimitToken(
  db: DbClient,
  take: { tokenId: string; burst: number; perSecond: number },
): Promise<BucketRow | null> {
  const [row] = await runStatement<BucketRow>(
    db,
    Prisma.sql`
      WITH eligible AS (SELECT ${take.tokenId}::text AS id, ${take.burst}::float8 AS burst, ${take.perSecond}::float8 AS rate),
      ${TAKE_CTES}
      SELECT tokens, allowed FROM inserted UNION ALL SELECT tokens, allowed FROM updated`,
    RELAXED_TAKE,
  );
  return row ? { tokens: Number(row.tokens), allowed: row.allowed } : null;
}
