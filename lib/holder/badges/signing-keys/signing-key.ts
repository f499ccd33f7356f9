// The instance's badge signing keys: Ed25519 (JWS alg EdDSA), identified by their RFC 7638 JWK
// thumbprint, which is the JWS `kid`. Private JWKs are stored sealed with the instance's encryption
// key (the AES-256-GCM of lib/storage), public JWKs in clear for /.well-known/jwks.json.
import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, type JWK } from "jose";
import type { SigningKey } from "../../../db";
import { decrypt, encrypt } from "../../../storage";

export const BADGE_ALG = "EdDSA";

export interface ActiveSigningKey {
  kid: string;
  privateKey: CryptoKey;
  publicJwk: JWK;
}

export function publicPart(jwk: JWK): JWK {
  return { kty: jwk.kty, crv: jwk.crv, x: jwk.x };
}

export async function kidOf(jwk: JWK): Promise<string> {
  return calculateJwkThumbprint(publicPart(jwk), "sha256");
}

export async function generateSigningJwk(): Promise<JWK> {
  const { privateKey } = await generateKeyPair(BADGE_ALG, { crv: "Ed25519", extractable: true });
  return exportJWK(privateKey);
}

export const sealJwk = (jwk: JWK) => encrypt(Buffer.from(JSON.stringify(jwk), "utf8")).toString("base64");

export const unsealJwk = (sealed: string) => JSON.parse(decrypt(Buffer.from(sealed, "base64")).toString("utf8")) as JWK;

export async function toActiveKey(kid: string, privateJwk: JWK): Promise<ActiveSigningKey> {
  const privateKey = (await importJWK({ ...privateJwk, alg: BADGE_ALG }, BADGE_ALG)) as CryptoKey;
  return { kid, privateKey, publicJwk: publicPart(privateJwk) };
}

/** A stored key's public JWK as the JWKS lists it. */
export function jwksEntry(key: Pick<SigningKey, "kid" | "publicJwk">): JWK {
  return { ...(key.publicJwk as JWK), kid: key.kid, alg: BADGE_ALG, use: "sig" };
}
