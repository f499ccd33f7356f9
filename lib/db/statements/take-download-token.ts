// One take from a per-address bucket of the public download routes and of password sign-in
// (public_download_buckets): refill and take in one statement, as take-rate-limit-token.ts does for
// API tokens, so every instance sharing the database agrees. Prisma has no atomic
// read-refill-write of a row: its upsert cannot compute the refill from the stored value.
import { Prisma, type DbClient } from "../index";
import { runStatement } from "./run-statement";
import type { BucketRow } from "./take-rate-limit-token";

/** No row when the bucket was created by a concurrent first request this statement cannot see. */
export async function takeDownloadToken(
  db: DbClient,
  take: { key: string; burst: number; perSecond: number },
): Promise<BucketRow | null> {
  const { key, burst, perSecond } = take;
  const [row] = await runStatement<BucketRow>(
    db,
    Prisma.sql`
      WITH inserted AS (
        INSERT INTO public_download_buckets (key, tokens, "updatedAt")
        VALUES (${key}::text, ${burst - 1}::float8, clock_timestamp() AT TIME ZONE 'UTC')
        ON CONFLICT (key) DO NOTHING
        RETURNING tokens, true AS allowed
      ), updated AS (
        UPDATE public_download_buckets b
        SET tokens = CASE WHEN r.refilled >= 1 THEN r.refilled - 1 ELSE r.refilled END, "updatedAt" = r.at
        FROM (
          SELECT key, clock_timestamp() AT TIME ZONE 'UTC' AS at,
                 LEAST(${burst}::float8, tokens + GREATEST(0, EXTRACT(EPOCH FROM (clock_timestamp() AT TIME ZONE 'UTC' - "updatedAt")))::float8 * ${perSecond}::float8) AS refilled
          FROM public_download_buckets WHERE key = ${key}::text FOR UPDATE
        ) r
        WHERE b.key = r.key
        RETURNING b.tokens, r.refilled >= 1 AS allowed
      )
      SELECT tokens, allowed FROM inserted UNION ALL SELECT tokens, allowed FROM updated`,
  );
  return row ? { tokens: Number(row.tokens), allowed: row.allowed } : null;
}
