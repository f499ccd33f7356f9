// Bearer token → token record and user. Lookup is by hash (an index), then a constant-time compare.
// The /v1 wrapper passes a finder that also takes from the rate-limit bucket in the same statement
// (lib/ratelimit/find-token-and-take.ts). Nothing is cached, so a revocation applies to the very
// next request.
import type { ApiToken, DbClient } from "../db";
import { TOKEN_USER_SELECT, type TokenUser } from "../db/statements/find-token-and-take";
import { ApiError } from "../http/errors";
import { hashSecret, hashesEqual, modeOfSecret, TOKEN_PATTERN } from "./secret";

export interface TokenAuth {
  token: ApiToken;
  /** The owner's id, plan and credit reset (TokenUser): a handler needing more reads the user. */
  user: TokenUser;
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

export interface TokenWithUser {
  token: ApiToken;
  user: TokenUser;
}

/** The token of this hash and its user; null when there is none. */
export async function findTokenWithUser(db: DbClient, hash: string): Promise<TokenWithUser | null> {
  const found = await db.apiToken.findUnique({
    where: { hash },
    include: { user: { select: TOKEN_USER_SELECT } },
  });
  if (!found) return null;
  const { user, ...token } = found;
  return { token, user };
}
