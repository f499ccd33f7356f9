// Bearer token → token record and user. Lookup is by hash (an index), then a constant-time compare.
import type { ApiToken, DbClient, User } from "../db";
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

export async function authenticateToken(db: DbClient, header: string | null, now = new Date()): Promise<TokenAuth> {
  const secret = bearerSecret(header);
  if (!TOKEN_PATTERN.test(secret)) {
    throw new ApiError("invalid_api_key", "The API token is not a valid Credence token (expected svc_test_sk_… or svc_live_sk_…).");
  }
  const hash = hashSecret(secret);
  // Every request passes here: two plain indexed selects (the rows have the models' shape: no
  // mapped columns, no JSON) cost a fraction of a model query with a relation include.
  const [token] = await db.$queryRaw<ApiToken[]>`SELECT * FROM api_tokens WHERE hash = ${hash}`;
  if (!token || !hashesEqual(token.hash, hash)) {
    throw new ApiError("invalid_api_key", "The API token is not recognised. Check that it was copied whole.");
  }
  if (token.revokedAt) throw new ApiError("invalid_api_key", "The API token has been revoked or rotated.");
  if (token.expiresAt && token.expiresAt <= now) throw new ApiError("invalid_api_key", "The API token has expired.");
  if (!token.lastUsedAt || now.getTime() - token.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
    // Best effort, at most once a minute per token: not worth a write on every request.
    void db.apiToken.update({ where: { id: token.id }, data: { lastUsedAt: now } }).catch(() => {});
  }
  const [user] = await db.$queryRaw<User[]>`SELECT * FROM users WHERE id = ${token.userId}`;
  if (!user) throw new ApiError("invalid_api_key", "The API token is not recognised. Check that it was copied whole.");
  return { token, user, livemode: modeOfSecret(secret) === "live" };
}
