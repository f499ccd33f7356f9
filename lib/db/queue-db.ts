// The job queue (pg-boss, lib/jobs/embedded-engine.ts) runs its SQL through an object with one
// method, executeSql(text, values). This makes one of the embedded PGlite the app already has open.
// (Jobs are written by lib/db/statements/insert-jobs.ts, in the caller's transaction when it has one.)
import type { PGlite } from "@electric-sql/pglite";

export interface QueueDb {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * PGlite runs one statement per query(); the queue's schema creation and maintenance are
 * parameterless blocks of several (BEGIN … COMMIT), which go through exec(). A statement failing
 * inside such a block would leave the one connection in an aborted transaction that every later
 * query of the app inherits, where a pool would have handed out a fresh connection: roll it back.
 */
export function pgliteQueueDb(pglite: PGlite): QueueDb {
  return {
    async executeSql(text, values) {
      try {
        if (values?.length) return { rows: (await pglite.query(text, values)).rows };
        const results = await pglite.exec(text);
        return { rows: results.flatMap((r) => r.rows ?? []) };
      } catch (error) {
        await pglite.query("ROLLBACK").catch(() => undefined);
        throw error;
      }
    },
  };
}
