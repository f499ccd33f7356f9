// The first step of every /v1 request in one statement: the token with its user (by hash) and, when
// the token is usable and its plan has API access, one take from its bucket (the refill and take of
// consume-token.ts). One round trip instead of two. The caller still checks the token
// (authenticateToken): a revoked or expired token, or a free plan, never reaches the bucket here.
import type { DbClient } from "../db";
import { hotPoolFor } from "../db/hot-query";
import { splitTokenRow, TOKEN_WITH_USER_SELECT, type TokenWithUser } from "../tokens/authenticate-token";
import { bucketState, TAKE_CTES, type BucketState } from "./consume-token";
import { ephemeralPool } from "./ephemeral-pool";
import { rateLimitFor } from "./plan-limits";

const BUCKET_PREFIX = "bucket.";

export const TOKEN_AND_TAKE_SQL = `
  WITH auth AS (${TOKEN_WITH_USER_SELECT} WHERE t.hash = $1::text),
  eligible AS (
    SELECT "token.id" AS id,
           CASE plan WHEN 'pro' THEN $3::float8 ELSE $5::float8 END AS burst,
           CASE plan WHEN 'pro' THEN $4::float8 ELSE $6::float8 END AS rate
    FROM auth
    WHERE "token.revokedAt" IS NULL AND ("token.expiresAt" IS NULL OR "token.expiresAt" > $2::timestamp(3))
      AND plan IN ('pro', 'business')
  ),
  ${TAKE_CTES}
  SELECT auth.*, bucket.tokens AS "${BUCKET_PREFIX}tokens", bucket.allowed AS "${BUCKET_PREFIX}allowed"
  FROM auth LEFT JOIN (SELECT tokens, allowed FROM inserted UNION ALL SELECT tokens, allowed FROM updated) bucket ON true`;

export interface TokenAndTake {
  found: TokenWithUser | null;
  /** null when nothing was taken: no usable token, no API access, or a bucket created concurrently. */
  bucket: BucketState | null;
}

export async function findTokenAndTake(db: DbClient, hash: string, now: Date): Promise<TokenAndTake> {
  const pro = rateLimitFor("pro");
  const business = rateLimitFor("business");
  const params = [hash, now.toISOString(), pro.burst, pro.sustained / 60, business.burst, business.sustained / 60];
  // The bucket's write may skip the commit flush (ephemeral-pool.ts); on PGlite it runs on the client.
  const rows = (await hotPoolFor(db))
    ? (await ephemeralPool()!.query<Record<string, unknown>>(TOKEN_AND_TAKE_SQL, params)).rows
    : await db.$queryRawUnsafe<Record<string, unknown>[]>(TOKEN_AND_TAKE_SQL, ...params);
  if (rows.length === 0) return { found: null, bucket: null };
  const { found, other } = splitTokenRow(rows[0], BUCKET_PREFIX);
  if (other.tokens === null || other.tokens === undefined) return { found, bucket: null };
  const limit = rateLimitFor(found.user.plan);
  return { found, bucket: bucketState(Number(other.tokens), other.allowed === true, limit, limit.sustained / 60) };
}
