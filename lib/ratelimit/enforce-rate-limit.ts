// The rate-limit step of the /v1 wrapper: take a token, put X-RateLimit-* on the response,
// refuse with 429 rate_limited and Retry-After when the bucket is empty.
import type { ApiToken, DbClient, User } from "../db";
import { ApiError } from "../http/errors";
import { consumeToken, type BucketState } from "./consume-token";
import { rateLimitFor } from "./plan-limits";

export async function enforceRateLimit(
  db: DbClient,
  token: ApiToken,
  user: Pick<User, "plan">,
  headers: Headers,
): Promise<void> {
  applyBucketState(await consumeToken(db, token.id, rateLimitFor(user.plan)), headers);
}

/** Headers of a take already made (authenticateAndTake); 429 when it was refused. */
export function applyBucketState(state: BucketState, headers: Headers): void {
  headers.set("X-RateLimit-Limit", String(state.limit));
  headers.set("X-RateLimit-Remaining", String(state.remaining));
  headers.set("X-RateLimit-Reset", String(state.resetSeconds));
  if (!state.allowed) {
    throw new ApiError(
      "rate_limited",
      `Rate limit exceeded for this token (${state.limit} requests per minute). Retry after ${state.retryAfterSeconds} s.`,
      { headers: { "Retry-After": String(state.retryAfterSeconds) } },
    );
  }
}
