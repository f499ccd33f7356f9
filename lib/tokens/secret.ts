// Token secrets: "svc_<mode>_sk_" + 32 random bytes in base62. Only the sha256 is stored.
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

export type TokenMode = "test" | "live";
export const TOKEN_PATTERN = /^svc_(test|live)_sk_[0-9A-Za-z]{43}$/;
const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

export function generateSecret(mode: TokenMode): string {
  let n = BigInt(`0x${randomBytes(32).toString("hex")}`);
  let body = "";
  while (body.length < 43) {
    body = BASE62[Number(n % 62n)] + body;
    n /= 62n;
  }
  return `svc_${mode}_sk_${body}`;
}

export function hashSecret(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}

export function hashesEqual(a: string, b: string): boolean {
  const x = Buffer.from(a, "hex");
  const y = Buffer.from(b, "hex");
  return x.length === y.length && timingSafeEqual(x, y);
}

export function modeOfSecret(secret: string): TokenMode | null {
  if (secret.startsWith("svc_live_")) return "live";
  if (secret.startsWith("svc_test_")) return "test";
  return null;
}

export function displayParts(secret: string): { displayPrefix: string; lastFour: string } {
  return { displayPrefix: secret.slice(0, 16), lastFour: secret.slice(-4) };
}
