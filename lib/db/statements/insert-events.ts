// Events and their webhook deliveries in one statement: the events, then one delivery per enabled
// endpoint of each event's owner in its mode subscribed to its type (no list: every type), or per
// endpoint named (a test ping). Emitting events is then one round trip however many endpoints
// there are, and however many events are emitted at the same moment (lib/events/emit-event.ts
// gathers the calls of one moment: one commit for all of them, where each was one; bench:webhooks).
// On the embedded job queue the deliveries' first attempts are written by the same statement
// (`jobs`): one commit for events, deliveries and jobs; and as many of them as this process's
// delivery worker has slots for are written claimed by it (`jobs.claim`), returned with what
// their runs read first (the job's preload, over the rows just written): the worker starts them
// as the statement returns, with no claim of their own.
// The CTEs are also a part of insert-verification.ts, gated on the verification being stored.
import { Prisma, type DbClient } from "../index";
import {
  type ClaimedJob,
  type ClaimSlots,
  QUEUE_JOB_TABLE as JOB_TABLE,
  QUEUE_SCHEMA,
  QUEUE_TABLE,
} from "./claim-jobs";
import { deliveryLookupOfRows } from "./find-delivery-to-attempt";
import { runStatement } from "./run-statement";

export interface EventInsert {
  id: string;
  userId: string;
  livemode: boolean;
  type: string;
  apiVersion: string;
  data: Record<string, unknown>;
  createdAt: Date;
  /** Only these endpoints of the owner, whatever their mode and subscriptions (a ping). */
  endpointIds?: string[];
  /**
   * A delivery id (newId("delivery")) whose last two characters the statement replaces with each
   * delivery's number within the event, in hexadecimal (00, 01, …: an owner has at most 16
   * endpoints per mode). One random id per event, however many endpoints it reaches: the
   * deliveries of one event share their time and 118 random bits, and so one owner.
   */
  deliveryIdStem: string;
}

export interface EventsInput {
  /** Ids sort in creation order. */
  events: EventInsert[];
  /**
   * The deliveries' first attempts as jobs of the embedded queue (lib/jobs/embedded-engine.ts), with
   * the payload of lib/webhooks/delivery-job.ts ({ deliveryId, endpointId, attempt: 1 }), due at
   * their event's `createdAt`, with the queue's retry and lease settings. Their ids are random, not
   * derived from a key as enqueueJob's are: the delivery is new with this statement, so no other
   * job of its first attempt can exist (the ladder's later attempts and the sweep's re-queues are
   * keyed as usual). With `claim`, those of them that fit its slots are written claimed.
   */
  jobs?: { queue: string; claim?: ClaimSlots };
}

export interface DeliveryMade {
  id: string;
  endpointId: string;
  eventId: string;
}

export interface EventsRow {
  /** The deliveries made, with their endpoints and events, in no particular order. */
  deliveries: DeliveryMade[];
  /** The first attempts written claimed (`jobs.claim`), with the delivery job's preload. */
  claimed: ClaimedJob[];
}

/**
 * CTEs `e` (the input), `ev` (events), `targets` and `d` (deliveries); nothing is written unless
 * `gate` has a row.
 */
export function eventCtes(input: EventsInput, gate: Prisma.Sql): Prisma.Sql {
  // One parameter for any number of events: the statement's text, so its prepared plan, is one.
  const events = input.events.map((e) => ({
    id: e.id,
    userId: e.userId,
    livemode: e.livemode,
    type: e.type,
    apiVersion: e.apiVersion,
    data: e.data,
    at: e.createdAt.toISOString(),
    endpointIds: e.endpointIds ?? null,
    deliveryIdStem: e.deliveryIdStem,
  }));
  return Prisma.sql`
    e AS (
      SELECT * FROM jsonb_to_recordset(${JSON.stringify(events)}::jsonb)
        AS e(id text, "userId" text, livemode boolean, type text, "apiVersion" text, data jsonb, at text, "endpointIds" text[],
              "deliveryIdStem" text)
    ), ev AS (
      INSERT INTO events (id, "userId", livemode, type, "apiVersion", data, "createdAt")
      SELECT e.id, e."userId", e.livemode, e.type, e."apiVersion", e.data, e.at::timestamp(3)
      FROM e
      WHERE EXISTS (${gate})
      RETURNING *
    ), targets AS (
      SELECT e.id AS event_id, e.at, w.id AS endpoint_id, e."deliveryIdStem" AS stem,
             row_number() OVER (PARTITION BY e.id ORDER BY w.id) - 1 AS n
      FROM ev JOIN e ON e.id = ev.id
      JOIN webhook_endpoints w ON w."userId" = e."userId"
       AND CASE WHEN e."endpointIds" IS NULL
                THEN w.livemode = e.livemode AND w.enabled AND (cardinality(w.events) = 0 OR e.type = ANY (w.events))
                ELSE w.id = ANY (e."endpointIds") END
    ), d AS (
      INSERT INTO webhook_deliveries (id, "eventId", "endpointId", status, "attemptCount", "nextAttemptAt", "createdAt", "updatedAt")
      SELECT left(stem, -2) || lpad(to_hex(n), 2, '0'), event_id, endpoint_id, 'pending', 0, at::timestamp(3), at::timestamp(3), at::timestamp(3)
      FROM targets
      RETURNING *
    )${input.jobs ? Prisma.sql`, ${jobsCte(input.jobs)}` : Prisma.empty}`;
}

function jobsCte(jobs: NonNullable<EventsInput["jobs"]>): Prisma.Sql {
  const claim = jobs.claim ?? { limit: 0, groupLimit: 0, running: [] };
  return Prisma.sql`
    claimable AS (
      -- The slots' worth, at most groupLimit less its runs in progress per endpoint (claim-jobs.ts).
      SELECT r.id
      FROM (SELECT d.id, row_number() OVER (PARTITION BY d."endpointId" ORDER BY d.id) AS rn, d."endpointId" FROM d) r
      LEFT JOIN unnest(${claim.running.map(([g]) => g)}::text[], ${claim.running.map(([, n]) => n)}::int[]) AS busy(grp, n)
        ON busy.grp = r."endpointId"
      WHERE r.rn <= ${claim.groupLimit}::int - coalesce(busy.n, 0)
      ORDER BY r.id
      LIMIT ${claim.limit}::int
    ), jobs AS (
      INSERT INTO ${JOB_TABLE} (id, name, data, state, started_on, created_on, start_after, expire_in, retry_limit, retry_delay,
                                retry_backoff, keep_until, policy)
      SELECT gen_random_uuid(), q.name,
             jsonb_build_object('deliveryId', d.id, 'endpointId', d."endpointId", 'attempt', 1),
             CASE WHEN c.id IS NULL THEN 'created' ELSE 'active' END::${JOB_STATE}, CASE WHEN c.id IS NOT NULL THEN now() END,
             clock_timestamp(), e.at::timestamptz, make_interval(secs => coalesce(q.expire_seconds, 900)), q.retry_limit,
             q.retry_delay, q.retry_backoff, e.at::timestamptz + make_interval(mins => coalesce(q.retention_minutes, 20160)), q.policy
      FROM d JOIN e ON e.id = d."eventId" JOIN ${QUEUE_TABLE} q ON q.name = ${jobs.queue}::text
      LEFT JOIN claimable c ON c.id = d.id
      ON CONFLICT DO NOTHING
      RETURNING id, data, state
    )`;
}

const JOB_STATE = Prisma.raw(`${QUEUE_SCHEMA}.job_state`);

/** The jobs of `jobs` written claimed, as a JSON array column named "claimed" (ClaimedJob's shape). */
export function claimedColumn(input: EventsInput | null): Prisma.Sql {
  if (!input?.jobs) return Prisma.sql`'[]'::json AS claimed`;
  // `e` here is the event as written (ev), `d` the delivery: the names deliveryLookupOfRows reads.
  return Prisma.sql`(
    SELECT coalesce(json_agg(json_build_object('id', j.id, 'data', j.data, 'retryCount', 0, 'preloaded', ${deliveryLookupOfRows()})), '[]'::json)
    FROM jobs j JOIN d ON d.id = j.data->>'deliveryId' JOIN ev e ON e.id = d."eventId" JOIN webhook_endpoints w ON w.id = d."endpointId"
    WHERE j.state = 'active') AS claimed`;
}

/** The deliveries of `d` as a JSON array column named "deliveries". */
export const DELIVERIES_COLUMN = Prisma.sql`(SELECT coalesce(json_agg(json_build_object('id', d.id, 'endpointId', d."endpointId", 'eventId', d."eventId")), '[]'::json) FROM d) AS deliveries`;

export async function insertEvents(db: DbClient, input: EventsInput): Promise<EventsRow> {
  const [row] = await runStatement<EventsRow>(
    db,
    Prisma.sql`WITH ${eventCtes(input, Prisma.sql`SELECT 1`)} SELECT ${DELIVERIES_COLUMN}, ${claimedColumn(input)}`,
  );
  return row;
}
