// Where Stripe sends the buyer back: a path on our own site only (never another origin), resolved
// against APP_URL. The same check as a magic link's callback_url.
import { safeCallbackPath } from "../auth/callback-url";
import { loadEnv } from "../env";
import { ApiError } from "../http/errors";

export function ownSiteUrl(path: string | undefined, fallback: string, field: string): string {
  const chosen = path ?? fallback;
  if (safeCallbackPath(chosen) === null) {
    throw new ApiError(
      "invalid_request",
      `${field} must be a path on this site beginning with "/" (got "${chosen}").`,
      {
        issues: [{ loc: ["body", field], msg: "must be a relative path on this site", type: "value_error" }],
      },
    );
  }
  return new URL(chosen, loadEnv().APP_URL).toString();
}
