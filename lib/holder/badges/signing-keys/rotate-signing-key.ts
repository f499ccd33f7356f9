// `credence keys:rotate`: the current key is retired (still published, so badges it signed keep
// verifying) and a new one signs from now on. Refused while the key is configured by the
// environment: then rotating is changing BADGE_SIGNING_KEY.
import type { Db } from "../../../db";
import { lockSigningKeys } from "../../../db/statements/lock-signing-keys";
import { loadEnv } from "../../../env";
import { ApiError } from "../../../http/errors";
import { forgetSigningKey } from "./active-signing-key";
import { generateSigningJwk, kidOf, publicPart, sealJwk } from "./signing-key";

export async function rotateSigningKey(db: Db): Promise<{ kid: string; retired: string[] }> {
  if (loadEnv().BADGE_SIGNING_KEY)
    throw new ApiError(
      "conflict",
      "The badge signing key is configured by BADGE_SIGNING_KEY: set a new key there and restart to rotate it.",
    );
  const jwk = await generateSigningJwk();
  const kid = await kidOf(jwk);
  const retired = await db.$transaction(async (tx) => {
    await lockSigningKeys(tx);
    const active = await tx.signingKey.findMany({ where: { retiredAt: null }, select: { kid: true } });
    await tx.signingKey.updateMany({ where: { retiredAt: null }, data: { retiredAt: new Date() } });
    await tx.signingKey.create({ data: { kid, publicJwk: publicPart(jwk) as object, privateJwkEnc: sealJwk(jwk) } });
    return active.map((k) => k.kid);
  });
  forgetSigningKey();
  return { kid, retired };
}
