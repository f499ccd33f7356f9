import { createHash } from "node:crypto";

/** sha256 over method, path and the raw body: the same key with another request is a conflict. */
export function requestHash(method: string, path: string, body: Uint8Array): string {
  return createHash("sha256").update(`${method.toUpperCase()} ${path}\n`).update(body).digest("hex");
}
