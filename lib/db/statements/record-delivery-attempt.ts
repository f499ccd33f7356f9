// Records attempt `number` of a webhook delivery and moves the delivery along its ladder, in one
// statement: the delivery moves only from `number - 1` attempts made, and the attempt is written
// only when it moved, so of two runs of the same attempt exactly one is recorded. (Through Prisma
// this was a transaction of two writes, four round trips per delivery in bench:webhooks.) It commits
// relaxed (run-statement.ts), and the attempts recorded at about the same moment share one
// statement (batched.ts). A succeeded attempt run by the embedded queue is recorded by the
// statement that completes its job instead (the delivery job's `settle`).
import { Prisma, type DbClient, type DeliveryStatus } from "../index";
import { batched } from "./batched";
import { runStatement } from "./run-statement";

export interface DeliveryAttemptRecord {
  id: string;
  deliveryId: string;
  number: number;
  scheduledFor: Date;
  startedAt: Date;
  statusCode: number | null;
  latencyMs: number;
  responseSnippet: string | null;
  error: string | null;
  succeeded: boolean;
  /** The delivery's state after this attempt. */
  status: DeliveryStatus;
  nextAttemptAt: Date | null;
}

/** Whether this run recorded the attempt (false: another run did, or the delivery is gone). */
export function recordDeliveryAttempt(db: DbClient, attempt: DeliveryAttemptRecord): Promise<boolean> {
  return recordOne(db, attempt);
}

const recordOne = batched(recordDeliveryAttempts);

/**
 * Records many attempts in one statement (attempts whose answers came back together: batched.ts);
 * for each, whether it was recorded. Of two records of one delivery in a batch, the first may be.
 */
export async function recordDeliveryAttempts(db: DbClient, attempts: DeliveryAttemptRecord[]): Promise<boolean[]> {
  const rows = await runStatement<{ id: string }>(
    db,
    Prisma.sql`WITH ${deliveryAttemptsWritten(attempts)} SELECT id FROM attempt_written`,
    // Lost in a PostgreSQL crash, the attempts are made again (delivery is at least once; receivers
    // deduplicate on the event id): waiting for the disk would cost more than the POSTs.
    { commit: "relaxed" },
  );
  const recorded = new Set(rows.map((r) => r.id));
  return attempts.map((a) => recorded.has(a.id));
}

/**
 * The writing of `attempts` as CTEs (`attempt_written` answers the ids of the attempts written), with
 * one parameter per column whatever their number: recordDeliveryAttempts's statement, and the
 * delivery job's `settle`, which the embedded queue writes in the statement that completes the
 * runs and claims the next ones.
 */
export function deliveryAttemptsWritten(attempts: DeliveryAttemptRecord[]): Prisma.Sql {
  const now = new Date().toISOString();
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  return Prisma.sql`
    attempt_in AS (
      SELECT DISTINCT ON (delivery_id) *
      FROM unnest(${attempts.map((a) => a.id)}::text[], ${attempts.map((a) => a.deliveryId)}::text[],
                  ${attempts.map((a) => a.number)}::int[], ${attempts.map((a) => a.scheduledFor.toISOString())}::timestamp(3)[],
                  ${attempts.map((a) => a.startedAt.toISOString())}::timestamp(3)[], ${attempts.map((a) => a.statusCode)}::int[],
                  ${attempts.map((a) => a.latencyMs)}::int[], ${attempts.map((a) => a.responseSnippet)}::text[],
                  ${attempts.map((a) => a.error)}::text[], ${attempts.map((a) => a.succeeded)}::boolean[],
                  ${attempts.map((a) => a.status)}::text[], ${attempts.map((a) => iso(a.nextAttemptAt))}::timestamp(3)[])
           WITH ORDINALITY AS r(id, delivery_id, number, scheduled_for, started_at, status_code, latency_ms,
                                response_snippet, error, succeeded, status, next_attempt_at, n)
      ORDER BY delivery_id, n
    ), attempt_moved AS (
      UPDATE webhook_deliveries w
      SET status = a.status::"DeliveryStatus", "attemptCount" = a.number, "lastAttemptAt" = a.started_at,
          "nextAttemptAt" = a.next_attempt_at, "updatedAt" = ${now}::timestamp(3)
      FROM attempt_in a
      WHERE w.id = a.delivery_id AND w."attemptCount" = a.number - 1
      RETURNING w.id
    ), attempt_written AS (
      INSERT INTO webhook_attempts (id, "deliveryId", number, "scheduledFor", "startedAt", "statusCode", "latencyMs", "responseSnippet", error, succeeded)
      SELECT a.id, a.delivery_id, a.number, a.scheduled_for, a.started_at, a.status_code, a.latency_ms,
             a.response_snippet, a.error, a.succeeded
      FROM attempt_in a JOIN attempt_moved moved ON moved.id = a.delivery_id
      RETURNING id
    )`;
}
