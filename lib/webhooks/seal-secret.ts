import { decrypt, encrypt } from "../storage";

/**
 * The signing secret is stored encrypted with the application key, not hashed: we must be able to
 * sign with it. It is shown only at registration and rotation.
 */
export function sealSecret(secret: string): string {
  return encrypt(Buffer.from(secret, "utf8")).toString("base64");
}

/** Endpoints whose secrets stay opened: a burst to one endpoint decrypts its secret once, not per delivery. */
const OPENED_KEPT = 256;
const opened = new Map<string, string>();

/** The secret a sealed value holds (a rotation seals another value: the old one is never asked again). */
export function openSecret(sealed: string): string {
  if (opened.has(sealed)) return opened.get(sealed)!;
  const plain = decrypt(Buffer.from(sealed, "base64")).toString("utf8");
  if (opened.size >= OPENED_KEPT) opened.delete(opened.keys().next().value!);
  opened.set(sealed, plain);
  return plain;
}
