// One request takes one token from the caller's bucket: the refill and the take are one statement
// on rate_limit_buckets (lib/db/statements/take-rate-limit-token.ts), so every server instance
// sharing the database sees one bucket.
import type { DbClient } from "../db";
import { takeRateLimitToken } from "../db/statements/take-rate-limit-token";
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

export async function consumeToken(db: DbClient, tokenId: string, limit: RateLimit): Promise<BucketState> {
  const perSecond = limit.sustained / 60;
  // A bucket created by a concurrent first request is invisible to this statement's snapshot;
  // the second run sees it.
  for (let run = 0; run < 2; run++) {
    const row = await takeRateLimitToken(db, { tokenId, burst: limit.burst, perSecond });
    if (row) return bucketState(row.tokens, row.allowed, limit, perSecond);
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
