// A pending web verification's sign of life. The analysis runs behind an event stream, after the
// row is written and charged; if its process dies (a kill, an out-of-memory end, a lost machine) no
// one else would ever finish the row. So the process renews `heartbeatAt` while it works, and a row
// left pending with an old heartbeat is known to have no process behind it, on whichever instance.
import type { Db } from "../db";
import { errorFields, log } from "../log";

export const HEARTBEAT_INTERVAL_MS = 10_000;

/** Four missed heartbeats: the sweep may take the row (a late one from a live process loses nothing). */
export const ABANDONED_AFTER_MS = 45_000;

/** Renews the row's heartbeat every HEARTBEAT_INTERVAL_MS until the returned function is called. */
export function startHeartbeat(db: Db, verificationId: string): () => void {
  const timer = setInterval(() => {
    db.verification
      .updateMany({ where: { id: verificationId, status: "pending" }, data: { heartbeatAt: new Date() } })
      .catch((error: unknown) => log.warn("verification heartbeat failed", { verificationId, ...errorFields(error) }));
  }, HEARTBEAT_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
