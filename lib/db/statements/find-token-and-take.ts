// The first step of every /v1 request in one round trip: the API token with its user (by hash)
// and, when the token is usable and its plan has API access, one take from its rate-limit bucket
// (take-rate-limit-token.ts). The caller still checks the token (lib/tokens): a revoked or
// expired token, or a free plan, never reaches the bucket here.
import { Prisma, type ApiToken, type DbClient, type User } from "../index";
import { runStatement } from "./run-statement";
import { TAKE_CTES, type BucketRow } from "./take-rate-limit-token";

export interface TokenAndTake {
  token: ApiToken;
  user: User;
  /** null when nothing was taken: no usable token, no API access, or a bucket created concurrently. */
  bucket: BucketRow | null;
}

export interface PlanRates {
  pro: { burst: number; perSecond: number };
  business: { burst: number; perSecond: number };
}

// The user's columns as they are, the token's under "token.<field>" (the two tables share names),
// the take under "bucket.<field>"; the row is split back into models below.
const TOKEN_COLUMNS = Object.values(Prisma.ApiTokenScalarFieldEnum);
const TOKEN = "token.";
const BUCKET = "bucket.";
const SELECT_TOKEN_WITH_USER = Prisma.raw(
  `SELECT u.*, ${TOKEN_COLUMNS.map((c) => `t."${c}" AS "${TOKEN}${c}"`).join(", ")} FROM api_tokens t JOIN users u ON u.id = t."userId"`,
);

export async function findTokenAndTake(
  db: DbClient,
  lookup: { hash: string; now: Date; rates: PlanRates },
): Promise<TokenAndTake | null> {
  const { pro, business } = lookup.rates;
  const [row] = await runStatement<Record<string, unknown>>(
    db,
    Prisma.sql`
      WITH auth AS (${SELECT_TOKEN_WITH_USER} WHERE t.hash = ${lookup.hash}::text),
      eligible AS (
        SELECT "token.id" AS id,
               CASE plan WHEN 'pro' THEN ${pro.burst}::float8 ELSE ${business.burst}::float8 END AS burst,
               CASE plan WHEN 'pro' THEN ${pro.perSecond}::float8 ELSE ${business.perSecond}::float8 END AS rate
        FROM auth
        WHERE "token.revokedAt" IS NULL AND ("token.expiresAt" IS NULL OR "token.expiresAt" > ${lookup.now.toISOString()}::timestamp(3))
          AND plan IN ('pro', 'business')
      ),
      ${TAKE_CTES}
      SELECT auth.*, bucket.tokens AS "bucket.tokens", bucket.allowed AS "bucket.allowed"
      FROM auth LEFT JOIN (SELECT tokens, allowed FROM inserted UNION ALL SELECT tokens, allowed FROM updated) bucket ON true`,
  );
  if (!row) return null;
  const token: Record<string, unknown> = {};
  const user: Record<string, unknown> = {};
  let bucket: BucketRow | null = null;
  for (const [key, value] of Object.entries(row)) {
    if (key.startsWith(TOKEN)) token[key.slice(TOKEN.length)] = value;
    else if (!key.startsWith(BUCKET)) user[key] = value;
  }
  const tokens = row["bucket.tokens"];
  if (tokens !== null && tokens !== undefined)
    bucket = { tokens: Number(tokens), allowed: row["bucket.allowed"] === true };
  return { token: token as unknown as ApiToken, user: user as unknown as User, bucket };
}
