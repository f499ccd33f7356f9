// What one webhook attempt needs, in one round trip: the delivery, its endpoint (address, mode,
// sealed secret) and its event. Through Prisma (findUnique with both relations) it was three
// queries per attempt, which bench:webhooks counts once per delivery. When the delivery is missing,
// `endpointExists` says whether the endpoint it was queued for is still there: an endpoint deleted
// since (its deliveries went with it) is an attempt with nothing left to do.
// The attempts the queue starts together read their deliveries in one statement (batched.ts), on
// the queue's relaxed-commit pool: a read commits nothing, and there it does not wait for a
// connection behind the durable commits of the requests that emit events (run-statement.ts).
import { Prisma, type DbClient, type Event, type WebhookDelivery, type WebhookEndpoint } from "../index";
import { batched } from "./batched";
import { runStatement } from "./run-statement";

export type DeliveryToAttempt = WebhookDelivery & {
  endpoint: Pick<WebhookEndpoint, "url" | "livemode" | "secretEncrypted">;
  event: Event;
};

export type DeliveryLookup = { delivery: DeliveryToAttempt } | { delivery: null; endpointExists: boolean | null };

interface Row {
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
  const rows = await runStatement<Row>(
    db,
    Prisma.sql`
    SELECT to_jsonb(d) AS delivery,
           CASE WHEN w.id IS NULL THEN NULL ELSE json_build_object('url', w.url, 'livemode', w.livemode, 'secretEncrypted', w."secretEncrypted") END AS endpoint,
           to_jsonb(e) AS event,
           CASE WHEN r.endpoint_id IS NULL THEN NULL
                ELSE EXISTS (SELECT 1 FROM webhook_endpoints x WHERE x.id = r.endpoint_id) END AS "endpointExists"
    FROM unnest(${requests.map((r) => r.deliveryId)}::text[], ${requests.map((r) => r.endpointId ?? null)}::text[])
         WITH ORDINALITY AS r(delivery_id, endpoint_id, n)
    LEFT JOIN webhook_deliveries d ON d.id = r.delivery_id
    LEFT JOIN webhook_endpoints w ON w.id = d."endpointId"
    LEFT JOIN events e ON e.id = d."eventId"
    ORDER BY r.n`,
    { commit: "relaxed" },
  );
  return rows.map((row) =>
    !row.delivery || !row.endpoint || !row.event
      ? { delivery: null, endpointExists: row.endpointExists }
      : { delivery: { ...withDates(row.delivery), endpoint: row.endpoint, event: withDates(row.event) } },
  );
}

// to_jsonb writes timestamps as ISO strings without a zone (the columns hold UTC).
const DATE_FIELDS = ["nextAttemptAt", "lastAttemptAt", "createdAt", "updatedAt"] as const;
function withDates<T extends object>(row: T): T {
  const out = { ...row } as Record<string, unknown>;
  for (const field of DATE_FIELDS)
    if (typeof out[field] === "string") out[field] = new Date(`${out[field] as string}Z`);
  return out as T;
}
