import type { DbClient } from "../db";
import { ApiError } from "../http/errors";

/** Revokes a token at once; revoking twice is harmless. */
export async function revokeToken(db: DbClient, tokenId: string, options: { userId?: string; now?: Date } = {}) {
  const token = await db.apiToken.findFirst({
    where: { id: tokenId, ...(options.userId ? { userId: options.userId } : {}) },
  });
  if (!token) throw new ApiError("not_found", `No token with id "${tokenId}".`);
  if (token.revokedAt) return token;
  return db.apiToken.update({ where: { id: token.id }, data: { revokedAt: options.now ?? new Date() } });
}
