import { parseArgs } from "node:util";
import { getDb } from "../../lib/db";
import { rotateSigningKey } from "../../lib/holder/badges/signing-keys/rotate-signing-key";
import { activeSigningKey } from "../../lib/holder/badges/signing-keys/active-signing-key";

/** keys:rotate: retire the badge signing key (still published in the JWKS) and start signing with a new one. */
export async function keysRotate(argv: string[]): Promise<number> {
  parseArgs({ args: argv, options: {}, strict: true });
  const { kid, retired } = await rotateSigningKey(await getDb());
  console.log(`Badges are now signed with key ${kid}.`);
  if (retired.length > 0)
    console.log(`Retired (still in /.well-known/jwks.json, so earlier badges verify): ${retired.join(", ")}.`);
  console.log("Running instances pick the new key up within a minute.");
  return 0;
}

/** keys:list: every badge signing key, the active one first. */
export async function keysList(argv: string[]): Promise<number> {
  parseArgs({ args: argv, options: {}, strict: true });
  const db = await getDb();
  await activeSigningKey(db);
  const keys = await db.signingKey.findMany({
    orderBy: [{ retiredAt: { sort: "desc", nulls: "first" } }, { createdAt: "desc" }],
  });
  for (const key of keys)
    console.log(
      `${key.kid}  created ${key.createdAt.toISOString()}  ${key.retiredAt ? `retired ${key.retiredAt.toISOString()}` : "active"}${key.privateJwkEnc ? "" : "  (BADGE_SIGNING_KEY)"}`,
    );
  return 0;
}
