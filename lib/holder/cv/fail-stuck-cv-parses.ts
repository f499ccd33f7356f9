// A CV left in "parsing" (its worker died mid-read, its job was lost) would show "parsing…" for
// ever and refuse a new parse (409). The sweeper fails such a CV with a sentence saying so; the
// holder starts the parse again. It is not re-queued on its own: a file that kills its reader
// would otherwise kill one reader after another.
import type { Db } from "../../db";

/**
 * Longer than any run can take: one read is bounded by READ_TIMEOUT_MS (read-cv-text.ts), and the
 * job engine retries a lost run after its lease with a backoff.
 */
export const STUCK_PARSE_MS = 15 * 60 * 1000;

export const STUCK_PARSE_MESSAGE =
  "Parsing did not finish within 15 minutes (the worker reading it stopped). Start the parse again; if it " +
  "fails again, save the CV as a new PDF and upload that.";

export async function failStuckCvParses(db: Db, { now = new Date(), stuckMs = STUCK_PARSE_MS } = {}): Promise<number> {
  const cutoff = new Date(now.getTime() - stuckMs);
  const { count } = await db.cvUpload.updateMany({
    where: {
      status: "parsing",
      // A CV set parsing before its start was recorded is judged by its upload time.
      OR: [{ parseStartedAt: { lt: cutoff } }, { parseStartedAt: null, createdAt: { lt: cutoff } }],
    },
    data: { status: "failed", parseError: STUCK_PARSE_MESSAGE },
  });
  return count;
}
