// What one webhook attempt needs, in one round trip: the delivery, its endpoint (address, mode,
// sealed secret) and its event. Through Prisma (findUnique with both relations) it was three
// queries per attempt, which bench:webhooks counts once per delivery. When the delivery is missing,
// `endpointExists` says whether the endpoint it was queued for is still there: an endpoint deleted
// since (its deliveries went with it) is an attempt with nothing left to do.
// On the embedded queue the statement that claims the attempts reads their deliveries too (the
// delivery job's `preload`); otherwise (Inngest, or a preload that found nothing) the attempts that
// start together read them in one statement (batched.ts), on the queue's relaxed-commit pool: a
// read commits nothing, and there it does not wait for a connection behind the durable commits of
// the requests that emit events (run-statement.ts).
import { Prisma, type DbClient, type Event, type WebhookDelivery, type WebhookEndpoint } from "../index";
import { batched } from "./batched";
import { runStatement } from "./run-statement";

export type DeliveryToAttempt = WebhookDelivery & {
  endpoint: Pick<WebhookEndpoint, "url" | "livemode" | "secretEncrypted">;
  event: Event;
};

export type DeliveryLookup = { delivery: DeliveryToAttempt } | { delivery: null; endpointExists: boolean | null };

/**
 * The lookup of one delivery as one JSON column (see DeliveryLookupColumn), over SQL expressions
 * naming the delivery and the endpoint it was queued for (NULL when unknown). Read two ways: by
 * findDeliveriesToAttempt, and by the embedded queue's claim of the delivery job (its `preload`,
 * DELIVERY_OF_CLAIMED_JOB), so a claim and its attempts' reads are one round trip.
 */
function deliveryLookupColumn(deliveryId: Prisma.Sql, endpointId: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`(
    SELECT ${deliveryLookupOfRows(
      Prisma.sql`CASE WHEN q.endpoint_id IS NULL THEN NULL
                      ELSE EXISTS (SELECT 1 FROM webhook_endpoints x WHERE x.id = q.endpoint_id) END`,
    )}
    FROM (SELECT ${deliveryId}::text AS delivery_id, ${endpointId}::text AS endpoint_id) q
    LEFT JOIN webhook_deliveries d ON d.id = q.delivery_id
    LEFT JOIN webhook_endpoints w ON w.id = d."endpointId"
    LEFT JOIN events e ON e.id = d."eventId")`;
}

/**
 * The lookup's JSON over rows in scope as `d` (the delivery), `w` (its endpoint) and `e` (its
 * event): read from the tables here, or the rows a statement has just written (insert-events.ts,
 * which claims the first attempts of the deliveries it writes).
 */
export function deliveryLookupOfRows(endpointExists: Prisma.Sql = Prisma.sql`NULL::boolean`): Prisma.Sql {
  return Prisma.sql`json_build_object(
             'delivery', to_jsonb(d),
             'endpoint', CASE WHEN w.id IS NULL THEN NULL
                              ELSE json_build_object('url', w.url, 'livemode', w.livemode, 'secretEncrypted', w."secretEncrypted") END,
             'event', to_jsonb(e),
             'endpointExists', ${endpointExists})`;
}

/** The delivery a claimed job of lib/webhooks/delivery-job.ts names (`claimed.data`: claim-jobs.ts). */
export const DELIVERY_OF_CLAIMED_JOB = deliveryLookupColumn(
  Prisma.sql`claimed.data->>'deliveryId'`,
  Prisma.sql`claimed.data->>'endpointId'`,
);

/** What the column answers. */
export interface DeliveryLookupColumn {
  delivery: WebhookDelivery | null;
  endpoint: DeliveryToAttempt["endpoint"] | null;
  event: Event | null;
  endpointExists: boolean | null;
}

/** `endpointId`: the endpoint the delivery was queued for, when the caller knows it. */
export function findDeliveryToAttempt(db: DbClient, deliveryId: string, endpointId?: string): Promise<DeliveryLookup> {
  return findOne(db, { deliveryId, endpointId });
}

const findOne = batched(findDeliveriesToAttempt);

/** One lookup per request, in order (a delivery asked for twice is looked up twice). */
export async function findDeliveriesToAttempt(
  db: DbClient,
  requests: Array<{ deliveryId: string; endpointId?: string }>,
): Promise<DeliveryLookup[]> {
  const rows = await runStatement<{ lookup: DeliveryLookupColumn }>(
    db,
    Prisma.sql`
    SELECT ${deliveryLookupColumn(Prisma.sql`r.delivery_id`, Prisma.sql`r.endpoint_id`)} AS lookup
    FROM unnest(${requests.map((r) => r.deliveryId)}::text[], ${requests.map((r) => r.endpointId ?? null)}::text[])
         WITH ORDINALITY AS r(delivery_id, endpoint_id, n)
    ORDER BY r.n`,
    { commit: "relaxed" },
  );
  return rows.map((row) => toDeliveryLookup(row.lookup));
}

/** The column's value as a lookup (timestamps as Dates). */
export function toDeliveryLookup(column: DeliveryLookupColumn): DeliveryLookup {
  return !column.delivery || !column.endpoint || !column.event
    ? { delivery: null, endpointExists: column.endpointExists }
    : { delivery: { ...withDates(column.delivery), endpoint: column.endpoint, event: withDates(column.event) } };
}

// to_jsonb writes timestamps as ISO strings without a zone (the columns hold UTC).
const DATE_FIELDS = ["nextAttemptAt", "lastAttemptAt", "createdAt", "updatedAt"] as const;
function withDates<T extends object>(row: T): T {
  const out = { ...row } as Record<string, unknown>;
  for (const field of DATE_FIELDS)
    if (typeof out[field] === "string") out[field] = new Date(`${out[field] as string}Z`);
  return out as T;
}
