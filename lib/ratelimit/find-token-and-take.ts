// The first step of every /v1 request: the token with its user and, when the token is usable and
// its plan has API access, one take from its bucket, in one statement
// (lib/db/statements/find-token-and-take.ts). The caller still checks the token
// (authenticateToken): a revoked or expired token, or a free plan, never reaches the bucket here.
import type { DbClient } from "../db";
import { findTokenAndTake as findAndTake } from "../db/statements/find-token-and-take";
import type { TokenWithUser } from "../tokens/authenticate-token";
import { bucketState, type BucketState } from "./consume-token";
import { rateLimitFor } from "./plan-limits";

export interface TokenAndTake {
  found: TokenWithUser | null;
  /** null when nothing was taken: no usable token, no API access, or a bucket created concurrently. */
  bucket: BucketState | null;
}

export async function findTokenAndTake(db: DbClient, hash: string, now: Date): Promise<TokenAndTake> {
  const pro = rateLimitFor("pro");
  const business = rateLimitFor("business");
  const found = await findAndTake(db, {
    hash,
    now,
    rates: {
      pro: { burst: pro.burst, perSecond: pro.sustained / 60 },
      business: { burst: business.burst, perSecond: business.sustained / 60 },
    },
  });
  if (!found) return { found: null, bucket: null };
  const { token, user, bucket } = found;
  if (!bucket) return { found: { token, user }, bucket: null };
  const limit = rateLimitFor(user.plan);
  return { found: { token, user }, bucket: bucketState(bucket.tokens, bucket.allowed, limit, limit.sustained / 60) };
}
