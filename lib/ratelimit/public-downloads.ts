// Rate limit of the public download routes (report PDF, original image, page images) and of
// password sign-in (each attempt costs a deliberately slow scrypt): a token bucket per client IP
// and route group in public_download_buckets. Refill and take happen in one
// statement (the approach of consume-token.ts), so every instance sharing the database agrees.
import type { DbClient } from "../db";
import { ApiError } from "../http/errors";

export type DownloadGroup = "report" | "image" | "sign-in";

/** Burst and sustained per-minute rate per IP. A result page loads a few page images at once. */
export const DOWNLOAD_LIMITS: Record<DownloadGroup, { burst: number; perMinute: number }> = {
  report: { burst: 10, perMinute: 6 },
  image: { burst: 60, perMinute: 30 },
  "sign-in": { burst: 10, perMinute: 10 },
};

interface Row {
  tokens: number;
  allowed: boolean;
}

export async function takeDownloadToken(db: DbClient, group: DownloadGroup, ip: string): Promise<void> {
  // Without a proxy reporting the client address every caller would share one bucket, and one
  // busy visitor would lock everybody out: no per-IP limit can apply then.
  if (ip === "unknown") return;
  const { burst, perMinute } = DOWNLOAD_LIMITS[group];
  const perSecond = perMinute / 60;
  const key = `${group}:${ip}`;
  for (let run = 0; run < 2; run++) {
    const rows = await db.$queryRaw<Row[]>`
      WITH inserted AS (
        INSERT INTO public_download_buckets (key, tokens, "updatedAt")
        VALUES (${key}, ${burst - 1}::float8, clock_timestamp() AT TIME ZONE 'UTC')
        ON CONFLICT (key) DO NOTHING
        RETURNING tokens, true AS allowed
      ), updated AS (
        UPDATE public_download_buckets b
        SET tokens = CASE WHEN r.refilled >= 1 THEN r.refilled - 1 ELSE r.refilled END, "updatedAt" = r.at
        FROM (
          SELECT key, clock_timestamp() AT TIME ZONE 'UTC' AS at,
                 LEAST(${burst}::float8, tokens + GREATEST(0, EXTRACT(EPOCH FROM (clock_timestamp() AT TIME ZONE 'UTC' - "updatedAt")))::float8 * ${perSecond}::float8) AS refilled
          FROM public_download_buckets WHERE key = ${key} FOR UPDATE
        ) r
        WHERE b.key = r.key
        RETURNING b.tokens, r.refilled >= 1 AS allowed
      )
      SELECT tokens, allowed FROM inserted UNION ALL SELECT tokens, allowed FROM updated`;
    if (rows.length === 0) continue;
    if (rows[0].allowed) return;
    const retryAfter = Math.max(1, Math.ceil((1 - Number(rows[0].tokens)) / perSecond));
    const what = group === "sign-in" ? "sign-in attempts" : "downloads";
    throw new ApiError("rate_limited", `Too many ${what} from your address; try again in ${retryAfter} s.`, {
      headers: { "Retry-After": String(retryAfter) },
    });
  }
  throw new Error(`download bucket ${key} could not be read or created`);
}
