// Writes whose loss in a database crash is harmless (the token buckets) go through their own
// small pool whose sessions skip the commit flush (synchronous_commit=off): a bucket update then
// costs one round trip, not a disk sync. Consistency is unchanged; only the last few hundred
// milliseconds of bucket state could be forgotten if PostgreSQL itself crashed. On the embedded
// PGlite there is no pool: the caller uses the main client.
import pg from "pg";
import { utcTypes } from "../db/hot-query";
import { loadEnv } from "../env";

interface State {
  pool?: pg.Pool;
  url?: string;
}
const state: State = ((globalThis as { __credenceEphemeral?: State }).__credenceEphemeral ??= {});

export function ephemeralPool(): pg.Pool | null {
  const url = loadEnv().DATABASE_URL;
  if (!url) return null;
  if (state.pool && state.url === url) return state.pool;
  void state.pool?.end().catch(() => {});
  state.pool = new pg.Pool({
    connectionString: url,
    max: 4,
    options: "-c synchronous_commit=off",
    types: utcTypes,
    allowExitOnIdle: true,
  });
  state.pool.on("error", () => {}); // an idle client's error: the next query reconnects
  state.url = url;
  return state.pool;
}

export async function closeEphemeralPool(): Promise<void> {
  const pool = state.pool;
  state.pool = undefined;
  state.url = undefined;
  await pool?.end();
}
