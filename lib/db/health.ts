import { getDb } from ".";

/** Whether the database answers a trivial query within the timeout. */
export async function databaseIsHealthy(timeoutMs = 2000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    const probe = getDb().then((db) => db.$queryRaw`SELECT 1`);
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error("timeout")), timeoutMs);
    });
    await Promise.race([probe, timeout]);
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
