// Checks a webhook delivery's X-Service-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of
// "<t>.<raw body>"> keyed by the endpoint's secret (whsec_… included). Computed over the raw bytes,
// compared in constant time; a header may carry several v1 values (during a secret rotation).
import { createHmac, timingSafeEqual } from "node:crypto";
import { SignatureVerificationError } from "./errors.js";
import type { WebhookEvent } from "./types.js";

export const SIGNATURE_HEADER = "X-Service-Signature";

/**
 * The event of a delivery whose signature checks out; throws SignatureVerificationError otherwise.
 * `rawBody` must be the bytes received, before any JSON parsing.
 */
export function constructEvent(
  rawBody: string | Uint8Array,
  signatureHeader: string | null | undefined,
  secret: string,
  tolerance = 300,
  now: number = Date.now() / 1000,
): WebhookEvent {
  let timestamp: number | undefined;
  const signatures: Buffer[] = [];
  for (const part of (signatureHeader ?? "").split(",")) {
    const [key, value = ""] = part.trim().split("=", 2);
    if (key === "t" && /^\d+$/.test(value)) timestamp = Number(value);
    else if (key === "v1" && /^[0-9a-f]{64}$/i.test(value)) signatures.push(Buffer.from(value, "hex"));
  }
  if (timestamp === undefined || signatures.length === 0)
    throw new SignatureVerificationError("malformed_header", `${SIGNATURE_HEADER} must read t=<seconds>,v1=<hex>`);
  if (Math.abs(now - timestamp) > tolerance)
    throw new SignatureVerificationError(
      "timestamp_out_of_tolerance",
      `the signature's timestamp is more than ${tolerance} s from now (replayed or clock skew)`,
    );
  const expected = createHmac("sha256", secret).update(`${timestamp}.`).update(rawBody).digest();
  if (!signatures.some((given) => timingSafeEqual(given, expected)))
    throw new SignatureVerificationError("signature_mismatch", "no v1 signature matches this body and secret");
  try {
    return JSON.parse(typeof rawBody === "string" ? rawBody : Buffer.from(rawBody).toString("utf8")) as WebhookEvent;
  } catch {
    throw new SignatureVerificationError("invalid_payload", "the signed body is not JSON");
  }
}

/** A header for a body (for tests of your own receiver). */
export function generateTestHeader(
  rawBody: string | Uint8Array,
  secret: string,
  timestamp = Math.floor(Date.now() / 1000),
) {
  return `t=${timestamp},v1=${createHmac("sha256", secret).update(`${timestamp}.`).update(rawBody).digest("hex")}`;
}

export const webhooks = { constructEvent, generateTestHeader, SIGNATURE_HEADER };
