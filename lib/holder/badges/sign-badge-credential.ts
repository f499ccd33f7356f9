// The OB 3.0 VC-JWT proof: a compact JWS whose payload is the credential itself plus the registered
// claims the spec's "JSON Web Token Proof Format" asks for (iss = issuer.id, jti = id, nbf =
// validFrom, sub = credentialSubject.id), header {alg: EdDSA, kid, typ: JWT}.
import { SignJWT } from "jose";
import type { Db } from "../../db";
import type { BadgeCredential } from "./build-badge-credential";
import { activeSigningKey } from "./signing-keys/active-signing-key";
import { BADGE_ALG } from "./signing-keys/signing-key";

export async function signBadgeCredential(db: Db, credential: BadgeCredential): Promise<{ jwt: string; kid: string }> {
  const key = await activeSigningKey(db);
  const jwt = await new SignJWT({ ...credential })
    .setProtectedHeader({ alg: BADGE_ALG, kid: key.kid, typ: "JWT" })
    .setIssuer(credential.issuer.id)
    .setJti(credential.id)
    .setNotBefore(Math.floor(Date.parse(credential.validFrom) / 1000))
    .setSubject(credential.credentialSubject.id)
    .sign(key.privateKey);
  return { jwt, kid: key.kid };
}
