// Writes whose loss in a database crash is harmless (the token buckets) go through their own
// small pool whose sessions skip the commit flush (synchronous_commit=off): a bucket update then
// costs one round trip, not a disk sync. Consistency is unchanged; only the last few hundred
// milliseconds of bucket state could be forgotten if PostgreSQL itself crashed. On the embedded
// PGlite there is no pool: the caller uses the main client.
import type pg from "pg";
import { cachedPool } from "../db/hot-query";

export function ephemeralPool(): pg.Pool | null {
  return cachedPool("ephemeral", { max: 4, options: "-c synchronous_commit=off" });
}
