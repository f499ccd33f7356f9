import { encrypt } from "../storage";

/**
 * The signing secret is stored encrypted with the application key, not hashed: we must be able to
 * sign with it. It is shown only at registration and rotation.
 */
export function sealSecret(secret: string): string {
  return encrypt(Buffer.from(secret, "utf8")).toString("base64");
}
