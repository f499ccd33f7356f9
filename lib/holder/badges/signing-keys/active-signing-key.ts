// The key that signs badges now. Either configured (BADGE_SIGNING_KEY) or the newest unretired key
// of the database, generated on first use under an advisory lock so that instances starting
// together agree on one. Cached per process for a minute: a rotation by another process (the CLI)
// reaches every instance within that time, and the old key stays published meanwhile.
import type { JWK } from "jose";
import { getDb, type Db } from "../../../db";
import { lockSigningKeys } from "../../../db/statements/lock-signing-keys";
import { loadEnv } from "../../../env";
import {
  generateSigningJwk,
  kidOf,
  publicPart,
  sealJwk,
  toActiveKey,
  unsealJwk,
  type ActiveSigningKey,
} from "./signing-key";

const CACHE_MS = 60_000;
let cached: { key: ActiveSigningKey; until: number } | undefined;

/** Drop the cached key (after a rotation in this process; tests). */
export function forgetSigningKey(): void {
  cached = undefined;
}

export async function activeSigningKey(db?: Db): Promise<ActiveSigningKey> {
  if (cached && cached.until > Date.now()) return cached.key;
  const client = db ?? (await getDb());
  const configured = loadEnv().BADGE_SIGNING_KEY;
  const key = configured ? await publishConfiguredKey(client, configured as JWK) : await newestOrNewKey(client);
  cached = { key, until: Date.now() + CACHE_MS };
  return key;
}

/**
 * A key this instance holds the private part of. A configured key's row has none (it lives only in
 * BADGE_SIGNING_KEY): once the setting is removed, that key is retired (still published, so its
 * badges verify) and a new one is made.
 */
const USABLE = { retiredAt: null, privateJwkEnc: { not: "" } };

async function newestOrNewKey(db: Db): Promise<ActiveSigningKey> {
  const current = await db.signingKey.findFirst({ where: USABLE, orderBy: { createdAt: "desc" } });
  if (current) return toActiveKey(current.kid, unsealJwk(current.privateJwkEnc));
  return db.$transaction(async (tx) => {
    await lockSigningKeys(tx);
    // Another process may have made it while this one waited for the lock.
    const made = await tx.signingKey.findFirst({ where: USABLE, orderBy: { createdAt: "desc" } });
    if (made) return toActiveKey(made.kid, unsealJwk(made.privateJwkEnc));
    const jwk = await generateSigningJwk();
    const kid = await kidOf(jwk);
    await tx.signingKey.updateMany({ where: { retiredAt: null }, data: { retiredAt: new Date() } });
    await tx.signingKey.create({ data: { kid, publicJwk: publicPart(jwk) as object, privateJwkEnc: sealJwk(jwk) } });
    return toActiveKey(kid, jwk);
  });
}

/**
 * A configured key is published like a generated one (its row holds the public JWK); keys used
 * before it are retired, kept in the JWKS so the badges they signed still verify. Its private part
 * is never written to the database.
 */
async function publishConfiguredKey(db: Db, jwk: JWK): Promise<ActiveSigningKey> {
  const kid = await kidOf(jwk);
  await db.$transaction(async (tx) => {
    await lockSigningKeys(tx);
    await tx.signingKey.updateMany({ where: { retiredAt: null, kid: { not: kid } }, data: { retiredAt: new Date() } });
    await tx.signingKey.upsert({
      where: { kid },
      create: { kid, publicJwk: publicPart(jwk) as object, privateJwkEnc: "" },
      update: { retiredAt: null },
    });
  });
  return toActiveKey(kid, jwk);
}
