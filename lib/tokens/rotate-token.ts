// Rotation: a new secret with the same owner, mode, name, scopes and expiry; the old token stops
// working at once, or after a grace period so deployments can switch over. Emits token.rotated.
import type { Db } from "../db";
import { emitEvent } from "../events/emit-event";
import { ApiError } from "../http/errors";
import { timestamp } from "../http/response";
import { createToken } from "./create-token";
import type { Scope } from "./scopes";

export const MAX_GRACE_SECONDS = 7 * 86_400;

export async function rotateToken(
  db: Db,
  tokenId: string,
  options: { userId?: string; graceSeconds?: number; now?: Date } = {},
) {
  const now = options.now ?? new Date();
  const grace = options.graceSeconds ?? 0;
  if (!Number.isInteger(grace) || grace < 0 || grace > MAX_GRACE_SECONDS) {
    throw new ApiError("invalid_request", `The grace period must be 0 to ${MAX_GRACE_SECONDS} seconds.`);
  }
  const result = await db.$transaction(async (tx) => {
    const old = await tx.apiToken.findFirst({
      where: { id: tokenId, ...(options.userId ? { userId: options.userId } : {}) },
    });
    if (!old) throw new ApiError("not_found", `No token with id "${tokenId}".`);
    // Conditional: two concurrent rotations of one token cannot both succeed.
    const retired = await tx.apiToken.updateMany({
      where: { id: old.id, revokedAt: null, rotatedAt: null },
      data:
        grace > 0
          ? { rotatedAt: now, expiresAt: earliest(old.expiresAt, new Date(now.getTime() + grace * 1000)) }
          : { rotatedAt: now, revokedAt: now },
    });
    if (retired.count === 0) throw new ApiError("conflict", `Token ${old.id} is already revoked or rotated.`);
    const created = await createToken(tx, {
      userId: old.userId,
      mode: old.mode,
      name: old.name,
      scopes: old.scopes as Scope[],
      expiresAt: old.expiresAt,
      rotatedFromId: old.id,
    });
    const validUntil = grace > 0 ? new Date(now.getTime() + grace * 1000) : now;
    await emitEvent(tx, {
      userId: old.userId,
      livemode: old.mode === "live",
      type: "token.rotated",
      data: {
        token: {
          id: created.token.id,
          name: created.token.name,
          mode: created.token.mode,
          last_four: created.token.lastFour,
        },
        previous_token: { id: old.id, last_four: old.lastFour, valid_until: timestamp(validUntil) },
      },
    });
    return { old, ...created };
  });
  return { token: result.token, secret: result.secret, previousTokenId: result.old.id };
}

function earliest(a: Date | null, b: Date): Date {
  return a && a < b ? a : b;
}
