// The institution's link: 128 random bits, base64url in the link, only their sha256 stored. A lookup
// is one indexed equality on the hash, so a guessed token costs what a real one does and the table
// holds no working link.
import { createHash, randomBytes } from "node:crypto";

export function newSecureToken(): { token: string; hash: string } {
  const token = randomBytes(16).toString("base64url");
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}
