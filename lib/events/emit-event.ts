// Stores an event with one delivery per enabled endpoint of the same user and mode that is
// subscribed to its type, and on the embedded queue the deliveries' first attempts, in one
// statement (lib/db/statements/insert-events.ts); under Inngest the attempts are sent after it
// (queue-deliveries.ts). Everything is written with the
// caller's client: pass a transaction client and the event, its deliveries and (embedded engine)
// their jobs commit or roll back with the caller's own rows. Under Inngest the send cannot join the
// transaction; the delivery function retries until the row is visible, and the sweeper
// (sweep-deliveries.ts) re-queues anything due that was never picked up.
import type { DbClient, Event } from "../db";
import { insertEvents, MAX_DELIVERIES_PER_EVENT } from "../db/statements/insert-events";
import { newId } from "../ids";
import { API_VERSION, type EventType } from "./event-types";
import { inlineDeliveryJobs, queueDeliveries } from "./queue-deliveries";

export interface EmitEventInput {
  userId: string;
  livemode: boolean;
  type: EventType;
  data: Record<string, unknown>;
}

export interface EmitEventOptions {
  /** Only these endpoints (the ping of one endpoint), whatever their subscriptions. */
  endpointIds?: string[];
}

export interface EmittedEvent {
  event: Event;
  deliveryIds: string[];
}

export async function emitEvent(
  db: DbClient,
  input: EmitEventInput,
  options: EmitEventOptions = {},
): Promise<EmittedEvent> {
  const event: Event = {
    id: newId("event"),
    userId: input.userId,
    livemode: input.livemode,
    type: input.type,
    apiVersion: API_VERSION,
    data: input.data as Event["data"],
    createdAt: new Date(),
  };
  const deliveryIds = deliveryIdsFor(options.endpointIds?.length ?? MAX_DELIVERIES_PER_EVENT);
  const inline = await inlineDeliveryJobs(db);
  const { deliveries } = await insertEvents(db, {
    userId: event.userId,
    livemode: event.livemode,
    apiVersion: event.apiVersion,
    data: input.data,
    createdAt: event.createdAt,
    events: [{ id: event.id, type: event.type }],
    deliveryIds,
    endpointIds: options.endpointIds,
    jobs: inline?.jobs,
  });
  if (inline) inline.written(event.createdAt, deliveries);
  else await queueDeliveries(db, deliveries, event.createdAt);
  return { event, deliveryIds: deliveries.map((d) => d.id) };
}

/** Ids for as many deliveries as could be made; the statement takes the ones it needs. */
export function deliveryIdsFor(count: number): string[] {
  return Array.from({ length: count }, () => newId("delivery")).sort();
}
