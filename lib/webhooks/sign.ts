// Signing secrets and the X-Service-Signature header: t=<unix seconds>,v1=<hex HMAC-SHA256 of
// "<t>.<raw body>">, keyed by the endpoint's whole secret string (whsec_ included).
import { createHmac, randomBytes } from "node:crypto";

export const SIGNATURE_HEADER = "X-Service-Signature";
export const EVENT_ID_HEADER = "X-Service-Event-Id";
export const DELIVERY_ID_HEADER = "X-Service-Delivery-Id";

export function newSigningSecret(): string {
  return `whsec_${randomBytes(32).toString("base64url")}`;
}

/** What the portal may show of a secret after registration. */
export function secretPrefix(secret: string): string {
  return secret.slice(0, "whsec_".length + 6);
}

export function computeSignature(rawBody: string | Uint8Array, secret: string, timestamp: number): string {
  return createHmac("sha256", secret).update(`${timestamp}.`).update(rawBody).digest("hex");
}

export function signatureHeader(rawBody: string | Uint8Array, secret: string, timestamp: number): string {
  return `t=${timestamp},v1=${computeSignature(rawBody, secret, timestamp)}`;
}
