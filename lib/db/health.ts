import { getDb } from ".";

const OPEN_TIMEOUT_MS = 30_000;

/**
 * Whether the database answers a trivial query. Opening the embedded database (and migrating it)
 * may take seconds on a cold start, so opening and querying have their own time limits.
 */
export async function databaseIsHealthy(queryTimeoutMs = 2000): Promise<boolean> {
  try {
    const db = await withTimeout(getDb(), OPEN_TIMEOUT_MS);
    await withTimeout(db.$queryRaw`SELECT 1`, queryTimeoutMs);
    return true;
  } catch {
    return false;
  }
}

async function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("timeout")), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
