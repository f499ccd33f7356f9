// The usage step of the /v1 wrapper: one row per authenticated request (endpoint template,
// status, credits), the source of GET /v1/account/usage. Rows are buffered and written in bulk
// (at most every USAGE_FLUSH_MS or USAGE_BATCH rows), off the request path; reading usage flushes
// first. A process that dies loses at most the last buffer: usage is statistics, credits are not
// (they live in the ledger). One statement writes the buffer (lib/db/statements/insert-usage-records.ts).
import type { DbClient } from "../db";
import { insertUsageRecords } from "../db/statements/insert-usage-records";
import { newId } from "../ids";
import { errorFields, log } from "../log";

export interface UsageEntry {
  userId: string;
  tokenId: string | null;
  livemode: boolean;
  endpoint: string;
  statusCode: number;
  credits: number;
}

const USAGE_FLUSH_MS = 250;
const USAGE_BATCH = 500;

interface Buffer {
  db?: DbClient;
  rows: Array<UsageEntry & { id: string; createdAt: Date }>;
  timer?: NodeJS.Timeout;
  flushing?: Promise<void>;
}
const buffer: Buffer = ((globalThis as { __credenceUsage?: Buffer }).__credenceUsage ??= { rows: [] });

export function recordUsage(db: DbClient, entry: UsageEntry): void {
  buffer.db = db;
  buffer.rows.push({ id: newId("usage"), createdAt: new Date(), ...entry });
  if (buffer.rows.length >= USAGE_BATCH) void flushUsage();
  else buffer.timer ??= setTimeout(() => void flushUsage(), USAGE_FLUSH_MS);
}

/** Writes every buffered row; resolves when they are stored (or logged as lost). */
export async function flushUsage(): Promise<void> {
  if (buffer.timer) clearTimeout(buffer.timer);
  buffer.timer = undefined;
  await buffer.flushing;
  const rows = buffer.rows.splice(0);
  if (rows.length === 0 || !buffer.db) return;
  buffer.flushing = writeRows(buffer.db, rows).catch((error: unknown) =>
    log.error("usage records could not be written", { rows: rows.length, ...errorFields(error) }),
  );
  await buffer.flushing;
}

function writeRows(db: DbClient, rows: Buffer["rows"]): Promise<void> {
  return insertUsageRecords(db, rows);
}
