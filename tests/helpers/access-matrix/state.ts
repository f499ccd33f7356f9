// "A refused request changes nothing", checked without knowing what a route could change: a digest
// of every table of the database (lib/db/statements/digest-tables.ts) taken before the refused
// calls of a row must still hold after each of them, so a table added later is covered without
// touching the test. No job worker runs while the access tests do, so nothing else writes between
// (but the queue's own maintenance stamps, left out below).
import { expect } from "vitest";
import { getDb } from "../../../lib/db";
import { QUEUE_SCHEMA } from "../../../lib/db/statements/claim-jobs";
import { digestTables } from "../../../lib/db/statements/digest-tables";
import { listBaseTables } from "../../../lib/db/statements/list-base-tables";

/**
 * What a refused request may write, and why that is nobody's resource: the bookkeeping of the
 * caller's own credential, which must count refused calls too (or refusals could be tried without
 * limit).
 */
const WRITTEN_BY_REFUSALS = {
  tables: {
    // A /v1 request past authentication takes a token from its API token's bucket, refused or not.
    "public.rate_limit_buckets": "the caller's own rate limit",
    // Every /v1 request of a known caller is logged with its status, refused ones too, written in
    // batches after the answer (GET /v1/account/usage counts them). Charges are not here: they are in
    // credit_ledger and users, which are compared.
    "public.usage_records": "the caller's own request log",
  } as Record<string, string>,
  columns: {
    // Set (at most once a minute, without waiting) when a token authenticates.
    "public.api_tokens": { lastUsedAt: "when the caller's own token was last used" },
    // Not written by any request: the embedded queue (started by the first job a row enqueues)
    // stamps its own maintenance rounds here in the background.
    [`${QUEUE_SCHEMA}.version`]: {
      maintained_on: "the queue's last maintenance",
      monitored_on: "the queue's last monitoring",
      cron_on: "the queue's last schedule check",
    },
  } as Record<string, Record<string, string>>,
};

const leaveOut = Object.fromEntries(
  Object.entries(WRITTEN_BY_REFUSALS.columns).map(([table, columns]) => [table, Object.keys(columns)]),
);

let tables: Promise<string[]> | undefined;

export type State = Map<string, string>;

/** The digest of every table, but the bookkeeping above. */
export async function databaseState(): Promise<State> {
  const db = await getDb();
  tables ??= listBaseTables(db).then((all) => all.filter((table) => !(table in WRITTEN_BY_REFUSALS.tables)));
  const digests = await digestTables(db, await tables, leaveOut);
  return new Map(digests.map((d) => [d.table, `${d.rows} rows, ${d.digest}`]));
}

/** Refused calls checked against the digest, for the run's figure. */
export let refusalsChecked = 0;

/** Fails naming each table whose rows changed since `before`. */
export async function expectStateUnchanged(before: State, label: string): Promise<void> {
  refusalsChecked++;
  const after = await databaseState();
  const changed = [...after].filter(([table, digest]) => before.get(table) !== digest).map(([table]) => table);
  expect(changed, `${label} changed these tables`).toEqual([]);
}
