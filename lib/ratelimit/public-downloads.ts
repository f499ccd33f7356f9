// Rate limit of the public download routes (report PDF, original image, page images), of password
// sign-in (each attempt costs a deliberately slow scrypt, and may be a guess) and of coupon and
// referral code checks (against guessing codes): a token bucket per client IP, or per account for
// sign-in-account, and route group in public_download_buckets. Refill and take happen in one statement
// (lib/db/statements/take-download-token.ts), so every instance sharing the database agrees.
import type { DbClient } from "../db";
import { takeDownloadToken as takeFromBucket } from "../db/statements/take-download-token";
import { loadEnv } from "../env";
import { ApiError } from "../http/errors";

export type DownloadGroup = "report" | "image" | "sign-in" | "sign-in-account" | "code-check";

/** Burst and sustained per-minute rate per IP. A result page loads a few page images at once. */
export function downloadLimit(group: DownloadGroup): { burst: number; perMinute: number } {
  switch (group) {
    case "report":
      return { burst: 10, perMinute: 6 };
    case "image":
      return { burst: 60, perMinute: 30 };
    case "sign-in": {
      const perMinute = loadEnv().SIGN_IN_PER_MINUTE;
      return { burst: perMinute, perMinute };
    }
    case "sign-in-account": {
      const perHour = loadEnv().SIGN_IN_PER_ACCOUNT_PER_HOUR;
      return { burst: Math.min(10, perHour), perMinute: perHour / 60 };
    }
    case "code-check":
      // Coupon codes are short secrets: guessing them must be slow.
      return { burst: 10, perMinute: 10 };
  }
}

const WHAT: Record<DownloadGroup, string> = {
  report: "downloads from your address",
  image: "downloads from your address",
  "sign-in": "sign-in attempts from your address",
  "sign-in-account": "sign-in attempts on this account",
  "code-check": "code checks from your address",
};

/** `subject`: the client address, or for sign-in-account a digest of the account's e-mail. */
export async function takeDownloadToken(db: DbClient, group: DownloadGroup, subject: string): Promise<void> {
  // Without a proxy reporting the client address every caller would share one bucket, and one
  // busy visitor would lock everybody out: no per-IP limit can apply then.
  if (subject === "unknown") return;
  const { burst, perMinute } = downloadLimit(group);
  const perSecond = perMinute / 60;
  const key = `${group}:${subject}`;
  for (let run = 0; run < 2; run++) {
    const row = await takeFromBucket(db, { key, burst, perSecond });
    if (!row) continue;
    if (row.allowed) return;
    const retryAfter = Math.max(1, Math.ceil((1 - row.tokens) / perSecond));
    const what = WHAT[group];
    throw new ApiError("rate_limited", `Too many ${what}; try again in ${retryAfter} s.`, {
      headers: { "Retry-After": String(retryAfter) },
    });
  }
  throw new Error(`download bucket ${key} could not be read or created`);
}
