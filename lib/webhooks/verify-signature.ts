// For receivers (and our own tests): checks X-Service-Signature over the raw request bytes. A
// header may carry several v1 values (during a secret rotation); any one matching is enough.
import { timingSafeEqual } from "node:crypto";
import { computeSignature } from "./sign";

export interface VerifyOptions {
  /** Largest accepted age (or clock skew) of the timestamp, in seconds. */
  toleranceSeconds?: number;
  /** Current time, for tests. */
  now?: Date;
}

export type VerifyResult =
  | { ok: true; timestamp: number }
  | { ok: false; reason: "malformed_header" | "timestamp_out_of_tolerance" | "signature_mismatch" };

export function verifyWebhookSignature(
  rawBody: string | Uint8Array,
  header: string | null | undefined,
  secret: string,
  { toleranceSeconds = 300, now = new Date() }: VerifyOptions = {},
): VerifyResult {
  if (!header) return { ok: false, reason: "malformed_header" };
  let timestamp: number | undefined;
  const signatures: string[] = [];
  for (const part of header.split(",")) {
    const [key, value] = part.trim().split("=", 2);
    if (key === "t" && /^\d+$/.test(value ?? "")) timestamp = Number(value);
    else if (key === "v1" && /^[0-9a-f]{64}$/i.test(value ?? "")) signatures.push(value.toLowerCase());
  }
  if (timestamp === undefined || signatures.length === 0) return { ok: false, reason: "malformed_header" };
  if (Math.abs(now.getTime() / 1000 - timestamp) > toleranceSeconds)
    return { ok: false, reason: "timestamp_out_of_tolerance" };
  const expected = Buffer.from(computeSignature(rawBody, secret, timestamp), "hex");
  const matches = signatures.some((s) => timingSafeEqual(Buffer.from(s, "hex"), expected));
  return matches ? { ok: true, timestamp } : { ok: false, reason: "signature_mismatch" };
}
