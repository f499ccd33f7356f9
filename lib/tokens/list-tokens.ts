import type { ApiToken, DbClient } from "../db";

export type TokenStatus = "active" | "expired" | "revoked" | "rotated";

export function tokenStatus(token: ApiToken, now = new Date()): TokenStatus {
  if (token.revokedAt) return token.rotatedAt ? "rotated" : "revoked";
  if (token.expiresAt && token.expiresAt <= now) return "expired";
  return "active";
}

/** A user's tokens, newest first, with their status; secrets are never stored, so never listed. */
export async function listTokens(db: DbClient, userId: string, options: { includeInactive?: boolean } = {}) {
  const tokens = await db.apiToken.findMany({ where: { userId }, orderBy: { createdAt: "desc" } });
  const now = new Date();
  return tokens
    .map((token) => ({ ...token, status: tokenStatus(token, now) }))
    .filter((token) => options.includeInactive || token.status === "active");
}
