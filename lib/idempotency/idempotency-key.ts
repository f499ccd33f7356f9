import { ApiError } from "../http/errors";

export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;
const KEY = /^[\x21-\x7e]{1,255}$/;

/** The Idempotency-Key header, or null when absent. Printable ASCII, 1-255 characters. */
export function idempotencyKey(req: Request): string | null {
  const key = req.headers.get("idempotency-key");
  if (key === null) return null;
  if (!KEY.test(key)) {
    throw new ApiError(
      "invalid_request",
      "Idempotency-Key must be 1-255 printable ASCII characters (a UUID v4 is typical).",
    );
  }
  return key;
}
