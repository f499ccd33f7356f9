// Bearer token → token record and user. Lookup is by hash (an index), then a constant-time compare.
// Every /v1 request passes here: one statement fetches the token with its user, outside Prisma
// (lib/db/hot-query.ts). Nothing is cached, so a revocation applies to the very next request.
import { Prisma, type ApiToken, type DbClient, type User } from "../db";
import { hotQuery } from "../db/hot-query";
import { ApiError } from "../http/errors";
import { hashSecret, hashesEqual, modeOfSecret, TOKEN_PATTERN } from "./secret";

export interface TokenAuth {
  token: ApiToken;
  user: User;
  livemode: boolean;
}

const LAST_USED_RESOLUTION_MS = 60_000;

export function bearerSecret(header: string | null): string {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? "");
  if (!match) {
    throw new ApiError(
      "authentication_required",
      header
        ? "The Authorization header must have the form 'Bearer <API token>'."
        : "Add an Authorization header with 'Bearer <API token>'. Create tokens at /developers/tokens.",
    );
  }
  return match[1];
}

export type TokenFinder = (db: DbClient, hash: string, now: Date) => Promise<TokenWithUser | null>;

/** `find` looks the hash up; the /v1 wrapper's also takes from the rate-limit bucket in the same statement. */
export async function authenticateToken(
  db: DbClient,
  header: string | null,
  now = new Date(),
  find: TokenFinder = findTokenWithUser,
): Promise<TokenAuth> {
  const secret = bearerSecret(header);
  if (!TOKEN_PATTERN.test(secret)) {
    throw new ApiError(
      "invalid_api_key",
      "The API token is not a valid Credence token (expected svc_test_sk_… or svc_live_sk_…).",
    );
  }
  const hash = hashSecret(secret);
  const found = await find(db, hash, now);
  if (!found || !hashesEqual(found.token.hash, hash)) {
    throw new ApiError("invalid_api_key", "The API token is not recognised. Check that it was copied whole.");
  }
  const { token, user } = found;
  if (token.revokedAt) throw new ApiError("invalid_api_key", "The API token has been revoked or rotated.");
  if (token.expiresAt && token.expiresAt <= now) throw new ApiError("invalid_api_key", "The API token has expired.");
  if (!token.lastUsedAt || now.getTime() - token.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
    // Best effort, at most once a minute per token: not worth a write on every request.
    void db.apiToken.update({ where: { id: token.id }, data: { lastUsedAt: now } }).catch(() => {});
  }
  return { token, user, livemode: modeOfSecret(secret) === "live" };
}

// The user's columns as they are, the token's under "token.<field>" (the two tables share names).
const TOKEN_PREFIX = "token.";
const TOKEN_COLUMNS = Object.values(Prisma.ApiTokenScalarFieldEnum);
/** The select list and join of the lookup, for statements that add to it (lib/ratelimit). */
export const TOKEN_WITH_USER_SELECT = `SELECT u.*, ${TOKEN_COLUMNS.map((c) => `t."${c}" AS "${TOKEN_PREFIX}${c}"`).join(", ")}
  FROM api_tokens t JOIN users u ON u.id = t."userId"`;
export const TOKEN_WITH_USER_SQL = `${TOKEN_WITH_USER_SELECT} WHERE t.hash = $1::text`;

export interface TokenWithUser {
  token: ApiToken;
  user: User;
}

/** The token of this hash and its user, in the models' shape; null when there is none. */
export async function findTokenWithUser(db: DbClient, hash: string): Promise<TokenWithUser | null> {
  const [row] = await hotQuery<Record<string, unknown>>(db, TOKEN_WITH_USER_SQL, [hash]);
  return row ? splitTokenRow(row).found : null;
}

/** A row of TOKEN_WITH_USER_SELECT as token and user; columns of neither (`other`) are returned apart. */
export function splitTokenRow(
  row: Record<string, unknown>,
  otherPrefix?: string,
): { found: TokenWithUser; other: Record<string, unknown> } {
  const token: Record<string, unknown> = {};
  const user: Record<string, unknown> = {};
  const other: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    if (key.startsWith(TOKEN_PREFIX)) token[key.slice(TOKEN_PREFIX.length)] = value;
    else if (otherPrefix && key.startsWith(otherPrefix)) other[key.slice(otherPrefix.length)] = value;
    else user[key] = value;
  }
  return { found: { token: token as unknown as ApiToken, user: user as unknown as User }, other };
}
