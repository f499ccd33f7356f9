// The badge page's "signature valid": the compact JWS checked with jose against the same key set
// /.well-known/jwks.json publishes (publicJwks, read from the database, not fetched over HTTP), the
// way any verifier holding only the published keys would check it.
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify } from "jose";
import type { Db } from "../../db";
import { issuerProfileUrl } from "./badge-urls";
import { publicJwks } from "./signing-keys/public-jwks";
import { BADGE_ALG } from "./signing-keys/signing-key";

export type BadgeSignatureCheck = { valid: true; kid: string } | { valid: false; reason: string };

export async function verifyBadgeSignature(db: Db, jwt: string): Promise<BadgeSignatureCheck> {
  try {
    const { kid } = decodeProtectedHeader(jwt);
    await jwtVerify(jwt, createLocalJWKSet(await publicJwks(db)), {
      algorithms: [BADGE_ALG],
      issuer: issuerProfileUrl(),
    });
    return { valid: true, kid: kid ?? "" };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { valid: false, reason: `The signature does not verify with the published keys: ${reason}` };
  }
}
