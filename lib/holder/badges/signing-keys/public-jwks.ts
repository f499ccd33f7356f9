// GET /.well-known/jwks.json: every key that ever signed a badge, retired ones included, so a badge
// verifies for as long as it exists. The active key is made first if there is none yet, so the set
// is never empty when a badge could be issued.
import type { JSONWebKeySet } from "jose";
import type { Db } from "../../../db";
import { activeSigningKey } from "./active-signing-key";
import { jwksEntry } from "./signing-key";

export async function publicJwks(db: Db): Promise<JSONWebKeySet> {
  await activeSigningKey(db);
  const keys = await db.signingKey.findMany({ orderBy: { createdAt: "desc" } });
  return { keys: keys.map(jwksEntry) };
}
