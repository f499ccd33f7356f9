// Records attempt `number` of a webhook delivery and moves the delivery along its ladder, in one
// statement: the delivery moves only from `number - 1` attempts made, and the attempt is written
// only when it moved, so of two runs of the same attempt exactly one is recorded. (Through Prisma
// this was a transaction of two writes, four round trips per delivery in bench:webhooks.) It commits
// relaxed (run-statement.ts).
import { Prisma, type DbClient, type DeliveryStatus } from "../index";
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
export async function recordDeliveryAttempt(db: DbClient, a: DeliveryAttemptRecord): Promise<boolean> {
  const now = new Date().toISOString();
  const [row] = await runStatement<{ recorded: boolean }>(
    db,
    Prisma.sql`
    WITH moved AS (
      UPDATE webhook_deliveries
      SET status = ${a.status}::text::"DeliveryStatus", "attemptCount" = ${a.number}::int,
          "lastAttemptAt" = ${a.startedAt.toISOString()}::timestamp(3),
          "nextAttemptAt" = ${a.nextAttemptAt?.toISOString() ?? null}::timestamp(3), "updatedAt" = ${now}::timestamp(3)
      WHERE id = ${a.deliveryId}::text AND "attemptCount" = ${a.number - 1}::int
      RETURNING id
    ), attempt AS (
      INSERT INTO webhook_attempts (id, "deliveryId", number, "scheduledFor", "startedAt", "statusCode", "latencyMs", "responseSnippet", error, succeeded)
      SELECT ${a.id}::text, moved.id, ${a.number}::int, ${a.scheduledFor.toISOString()}::timestamp(3),
             ${a.startedAt.toISOString()}::timestamp(3), ${a.statusCode}::int, ${a.latencyMs}::int,
             ${a.responseSnippet}::text, ${a.error}::text, ${a.succeeded}::boolean
      FROM moved
      RETURNING id
    )
    SELECT EXISTS (SELECT 1 FROM attempt) AS recorded`,
    // Lost in a PostgreSQL crash, the attempt is made again (delivery is at least once; receivers
    // deduplicate on the event id): waiting for the disk would cost more than the POST.
    { commit: "relaxed" },
  );
  return row.recorded;
}
