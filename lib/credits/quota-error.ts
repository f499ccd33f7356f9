import type { User } from "../db";
import { ApiError } from "../http/errors";
import { timestamp } from "../http/response";

/** 429 rate_limited with Retry-After until the credits reset (DESIGN.md decision). */
export function quotaDepleted(user: Pick<User, "creditsResetAt">, needed: number, now = new Date()): ApiError {
  const seconds = Math.max(1, Math.ceil((user.creditsResetAt.getTime() - now.getTime()) / 1000));
  return new ApiError(
    "rate_limited",
    `Not enough credits for this verification (it needs ${needed}). Credits reset at ${timestamp(user.creditsResetAt)}; ` +
      "enable overage on the billing page to continue before then.",
    { headers: { "Retry-After": String(seconds) } },
  );
}
