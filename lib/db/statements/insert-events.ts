// Events and their webhook deliveries in one statement: the events, then one delivery per enabled
// endpoint of the owner in that mode subscribed to the event's type (no list: every type), or per
// endpoint named (a test ping). Emitting an event is then one round trip however many endpoints
// there are (webhook fan-out at database speed, issue 12). On the embedded job queue, the
// deliveries' first attempts are written by the same statement (`jobs`): one commit per event.
// The CTEs are also a part of insert-verification.ts, gated on the verification being stored.
import { Prisma, type DbClient } from "../index";
import { QUEUE_JOB_TABLE as JOB_TABLE, QUEUE_TABLE } from "./claim-jobs";
import { runStatement } from "./run-statement";

/** At most this many endpoints per owner and mode (lib/webhooks), so deliveries per event. */
export const MAX_DELIVERIES_PER_EVENT = 16;

export interface EventsInput {
  userId: string;
  livemode: boolean;
  apiVersion: string;
  data: Record<string, unknown>;
  createdAt: Date;
  /** In creation order; ids must sort the same way. */
  events: Array<{ id: string; type: string }>;
  /** Ids for the deliveries, at least as many as could be made (events × endpoints). */
  deliveryIds: string[];
  /** Only these endpoints of the owner, whatever their mode and subscriptions (a ping). */
  endpointIds?: string[];
  /**
   * The deliveries' first attempts as jobs of the embedded queue (lib/jobs/embedded-engine.ts), with
   * the payload of lib/webhooks/delivery-job.ts ({ deliveryId, endpointId, attempt: 1 }), due at
   * `createdAt`, with the queue's retry and lease settings. Their ids are random, not derived from a
   * key as enqueueJob's are: the delivery is new with this statement, so no other job of its first
   * attempt can exist (the ladder's later attempts and the sweep's re-queues are keyed as usual),
   * and the ids of the sixteen candidates per event are not hashed for the one delivery made.
   */
  jobs?: { queue: string };
}

export interface EventsRow {
  /** The deliveries made, with their endpoints, in no particular order. */
  deliveries: Array<{ id: string; endpointId: string }>;
}

/** CTEs `ev` (events), `targets` and `d` (deliveries); nothing is written unless `gate` has a row. */
export function eventCtes(input: EventsInput, gate: Prisma.Sql): Prisma.Sql {
  const at = input.createdAt.toISOString();
  const only = input.endpointIds ?? null;
  return Prisma.sql`
    ev AS (
      INSERT INTO events (id, "userId", livemode, type, "apiVersion", data, "createdAt")
      SELECT e.id, ${input.userId}::text, ${input.livemode}::boolean, e.type, ${input.apiVersion}::text,
             ${JSON.stringify(input.data)}::jsonb, ${at}::timestamp(3)
      FROM unnest(${input.events.map((e) => e.id)}::text[], ${input.events.map((e) => e.type)}::text[]) AS e(id, type)
      WHERE EXISTS (${gate})
      RETURNING id, type
    ), targets AS (
      SELECT ev.id AS event_id, w.id AS endpoint_id, row_number() OVER (ORDER BY ev.id, w.id) AS n
      FROM ev JOIN webhook_endpoints w ON w."userId" = ${input.userId}::text
       AND CASE WHEN ${only}::text[] IS NULL
                THEN w.livemode = ${input.livemode}::boolean AND w.enabled AND (cardinality(w.events) = 0 OR ev.type = ANY (w.events))
                ELSE w.id = ANY (${only}::text[]) END
    ), d AS (
      INSERT INTO webhook_deliveries (id, "eventId", "endpointId", status, "attemptCount", "nextAttemptAt", "createdAt", "updatedAt")
      SELECT (${input.deliveryIds}::text[])[n], event_id, endpoint_id, 'pending', 0, ${at}::timestamp(3), ${at}::timestamp(3), ${at}::timestamp(3)
      FROM targets
      RETURNING id, "endpointId"
    )${input.jobs ? Prisma.sql`, ${jobsCte(input, input.jobs)}` : Prisma.empty}`;
}

function jobsCte(input: EventsInput, jobs: { queue: string }): Prisma.Sql {
  const at = input.createdAt.toISOString();
  return Prisma.sql`
    jobs AS (
      INSERT INTO ${JOB_TABLE} (id, name, data, created_on, start_after, expire_in, retry_limit, retry_delay, retry_backoff, keep_until, policy)
      SELECT gen_random_uuid(), q.name,
             jsonb_build_object('deliveryId', d.id, 'endpointId', d."endpointId", 'attempt', 1),
             clock_timestamp(), ${at}::timestamptz, make_interval(secs => coalesce(q.expire_seconds, 900)), q.retry_limit, q.retry_delay,
             q.retry_backoff, ${at}::timestamptz + make_interval(mins => coalesce(q.retention_minutes, 20160)), q.policy
      FROM d JOIN ${QUEUE_TABLE} q ON q.name = ${jobs.queue}::text
      ON CONFLICT DO NOTHING
      RETURNING id
    )`;
}

/** The deliveries of `d` as a JSON array column named "deliveries". */
export const DELIVERIES_COLUMN = Prisma.sql`(SELECT coalesce(json_agg(json_build_object('id', d.id, 'endpointId', d."endpointId")), '[]'::json) FROM d) AS deliveries`;

export async function insertEvents(db: DbClient, input: EventsInput): Promise<EventsRow> {
  const [row] = await runStatement<EventsRow>(
    db,
    Prisma.sql`WITH ${eventCtes(input, Prisma.sql`SELECT 1`)} SELECT ${DELIVERIES_COLUMN}`,
  );
  return { deliveries: row.deliveries };
}
