// One request takes one token from the caller's bucket. The refill (elapsed seconds × rate, capped
// at the burst) and the take happen in one SQL statement on rate_limit_buckets, so every server
// instance sharing the database sees one bucket. The sub-select locks the row and hands the
// pre-update value to RETURNING, which tells an allowed take from a refused one.
import type pg from "pg";
import type { DbClient } from "../db";
import { ephemeralPool } from "./ephemeral-pool";
import type { RateLimit } from "./plan-limits";

export interface BucketState {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the bucket is full again. */
  resetSeconds: number;
  /** Seconds until one token is available (refused requests only). */
  retryAfterSeconds: number;
}

interface Row {
  tokens: number;
  allowed: boolean;
}

/**
 * The refill and take, as CTEs over a CTE named `eligible` (id, burst, rate per second) that the
 * statement defines first: `inserted` (a first request makes the bucket) and `updated`.
 */
export const TAKE_CTES = `
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
  )`;

export const BUCKET_SQL = `
  WITH eligible AS (SELECT $1::text AS id, $2::float8 AS burst, $3::float8 AS rate),
  ${TAKE_CTES}
  SELECT tokens, allowed FROM inserted UNION ALL SELECT tokens, allowed FROM updated`;

/** `pool`: the no-flush pool of the PostgreSQL database; null runs the statement on `db` (PGlite). */
export async function consumeToken(
  db: DbClient,
  tokenId: string,
  limit: RateLimit,
  pool: pg.Pool | null = ephemeralPool(),
): Promise<BucketState> {
  const perSecond = limit.sustained / 60;
  // A bucket created by a concurrent first request is invisible to this statement's snapshot;
  // the second run sees it.
  for (let run = 0; run < 2; run++) {
    const rows = pool
      ? (await pool.query<Row>(BUCKET_SQL, [tokenId, limit.burst, perSecond])).rows
      : await db.$queryRawUnsafe<Row[]>(BUCKET_SQL, tokenId, limit.burst, perSecond);
    if (rows.length > 0) return bucketState(Number(rows[0].tokens), rows[0].allowed, limit, perSecond);
  }
  throw new Error(`rate limit bucket of ${tokenId} could not be read or created`);
}

export function bucketState(tokens: number, allowed: boolean, limit: RateLimit, perSecond: number): BucketState {
  const rate = perSecond > 0 ? perSecond : 1e-9;
  return {
    allowed,
    limit: limit.sustained,
    remaining: Math.max(0, Math.floor(tokens)),
    resetSeconds: Math.ceil(Math.max(0, limit.burst - tokens) / rate),
    retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil((1 - tokens) / rate)),
  };
}
