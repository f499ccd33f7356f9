// The first step of every /v1 request in one round trip: the API token with its user (by hash)
// and, when the token is usable and its plan has API access, one take from its rate-limit bucket
// (take-rate-limit-token.ts). The caller still checks the token (lib/tokens): a revoked or
// expired token, or a free plan, never reaches the bucket here.
import { Prisma, type ApiToken, type DbClient, type User } from "../index";
import { runStatement } from "./run-statement";
import { RELAXED_TAKE, TAKE_CTES, type BucketRow } from "./take-rate-limit-token";

/**
 * What a /v1 request needs of the token's owner: who, which plan, when the credits reset. A handler
 * that needs more reads the user itself (GET /v1/account does); the row had some sixty columns with
 * the whole user, and parsing them was a good part of a GET's CPU (bench:api).
 */
export const TOKEN_USER_SELECT = { id: true, plan: true, creditsResetAt: true } as const satisfies Partial<
  Record<keyof User, true>
>;
export type TokenUser = Pick<User, keyof typeof TOKEN_USER_SELECT>;
const TOKEN_USER_FIELDS = Object.keys(TOKEN_USER_SELECT);

export interface TokenAndTake {
  token: ApiToken;
  user: TokenUser;
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
  `SELECT ${TOKEN_USER_FIELDS.map((c) => `u."${c}"`).join(", ")}, ${TOKEN_COLUMNS.map((c) => `t."${c}" AS "${TOKEN}${c}"`).join(", ")} FROM api_tokens t JOIN users u ON u.id = t."userId"`,
);

// Where each column of the row goes, worked out once per column name: every /v1 request splits
// its row.
const destinations = new Map<string, ["token" | "user" | "bucket", string]>();
function destination(key: string): ["token" | "user" | "bucket", string] {
  let found = destinations.get(key);
  if (!found) {
    found = key.startsWith(TOKEN)
      ? ["token", key.slice(TOKEN.length)]
      : [key.startsWith(BUCKET) ? "bucket" : "user", key];
    destinations.set(key, found);
  }
  return found;
}

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
    RELAXED_TAKE,
  );
  if (!row) return null;
  const token: Record<string, unknown> = {};
  const user: Record<string, unknown> = {};
  let bucket: BucketRow | null = null;
  for (const key in row) {
    const [into, field] = destination(key);
    if (into === "token") token[field] = row[key];
    else if (into === "user") user[field] = row[key];
  }
  const tokens = row["bucket.tokens"];
  if (tokens !== null && tokens !== undefined)
    bucket = { tokens: Number(tokens), allowed: row["bucket.allowed"] === true };
  return { token: token as unknown as ApiToken, user: user as unknown as TokenUser, bucket };
}
