import type { DbClient } from "../db";
import { newId } from "../ids";
import { ALL_SCOPES, type Scope } from "./scopes";
import { displayParts, generateSecret, hashSecret, type TokenMode } from "./secret";

export interface CreateTokenInput {
  userId: string;
  mode: TokenMode;
  name?: string;
  scopes?: Scope[];
  expiresAt?: Date | null;
  rotatedFromId?: string;
}

/** Creates a token and returns its secret, which is never stored and cannot be shown again. */
export async function createToken(db: DbClient, input: CreateTokenInput) {
  const secret = generateSecret(input.mode);
  const token = await db.apiToken.create({
    data: {
      id: newId("token"),
      userId: input.userId,
      mode: input.mode,
      name: input.name ?? `${input.mode} token`,
      hash: hashSecret(secret),
      ...displayParts(secret),
      scopes: input.scopes ?? ALL_SCOPES,
      expiresAt: input.expiresAt ?? null,
      rotatedFromId: input.rotatedFromId ?? null,
    },
  });
  return { token, secret };
}
