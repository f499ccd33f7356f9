// One request takes one token from the caller's bucket. The refill (elapsed seconds × rate, capped
// at the burst) and the take happen in one SQL statement on rate_limit_buckets, so every server
// instance sharing the database sees one bucket. The sub-select locks the row and hands the
// pre-update value to RETURNING, which tells an allowed take from a refused one.
import type { DbClient } from "../db";
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

export async function consumeToken(db: DbClient, tokenId: string, limit: RateLimit): Promise<BucketState> {
  const perSecond = limit.sustained / 60;
  // A bucket created by a concurrent first request is invisible to this statement's snapshot;
  // the second run sees it.
  for (let run = 0; run < 2; run++) {
    const rows = await db.$queryRaw<Row[]>`
      WITH inserted AS (
        INSERT INTO rate_limit_buckets ("tokenId", tokens, "updatedAt")
        VALUES (${tokenId}, ${limit.burst - 1}::float8, clock_timestamp() AT TIME ZONE 'UTC')
        ON CONFLICT ("tokenId") DO NOTHING
        RETURNING tokens, true AS allowed
      ), updated AS (
        UPDATE rate_limit_buckets b
        SET tokens = CASE WHEN r.refilled >= 1 THEN r.refilled - 1 ELSE r.refilled END,
            "updatedAt" = r.at
        FROM (
          SELECT "tokenId",
                 clock_timestamp() AT TIME ZONE 'UTC' AS at,
                 LEAST(${limit.burst}::float8, tokens + GREATEST(0, EXTRACT(EPOCH FROM (clock_timestamp() AT TIME ZONE 'UTC' - "updatedAt")))::float8 * ${perSecond}::float8) AS refilled
          FROM rate_limit_buckets WHERE "tokenId" = ${tokenId} FOR UPDATE
        ) r
        WHERE b."tokenId" = r."tokenId"
        RETURNING b.tokens, r.refilled >= 1 AS allowed
      )
      SELECT tokens, allowed FROM inserted UNION ALL SELECT tokens, allowed FROM updated`;
    if (rows.length > 0) return bucketState(Number(rows[0].tokens), rows[0].allowed, limit, perSecond);
  }
  throw new Error(`rate limit bucket of ${tokenId} could not be read or created`);
}

function bucketState(tokens: number, allowed: boolean, limit: RateLimit, perSecond: number): BucketState {
  const rate = perSecond > 0 ? perSecond : 1e-9;
  return {
    allowed,
    limit: limit.sustained,
    remaining: Math.max(0, Math.floor(tokens)),
    resetSeconds: Math.ceil(Math.max(0, limit.burst - tokens) / rate),
    retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil((1 - tokens) / rate)),
  };
}
