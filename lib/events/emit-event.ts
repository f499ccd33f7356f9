// Stores an event with one delivery per enabled endpoint of the same user and mode that is
// subscribed to its type, and on the embedded queue the deliveries' first attempts, in one
// statement (lib/db/statements/insert-events.ts) shared by the events emitted at the same moment
// on the same client; under Inngest the attempts are sent after it
// (queue-deliveries.ts). Everything is written with the
// caller's client: pass a transaction client and the event, its deliveries and (embedded engine)
// their jobs commit or roll back with the caller's own rows. Under Inngest the send cannot join the
// transaction; the delivery function retries until the row is visible, and the sweeper
// (sweep-deliveries.ts) re-queues anything due that was never picked up.
import type { DbClient, Event } from "../db";
import { batched } from "../db/statements/batched";
import { type DeliveryMade, type EventsRow, insertEvents } from "../db/statements/insert-events";
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
  const { deliveries, queued } = await insertAtOnce(db, { event, endpointIds: options.endpointIds });
  if (!queued) await queueDeliveries(db, deliveries, event.createdAt);
  return { event, deliveryIds: deliveries.map((d) => d.id).sort() };
}

interface Emitted {
  deliveries: DeliveryMade[];
  /** Whether their jobs were written with them (the embedded queue), or are still to queue. */
  queued: boolean;
}

// The events emitted at the same moment on one client (requests finishing together, a
// transaction's events) are written by one statement: one commit for all, not one each, and the
// first attempts it claimed start together. Queuing the jobs under Inngest stays with each call,
// so a failure there is its caller's; a statement that failed for the batch is run again for each alone.
const insertAtOnce = batched(
  async (db: DbClient, calls: Array<{ event: Event; endpointIds?: string[] }>): Promise<Emitted[]> => {
    const inline = await inlineDeliveryJobs(db);
    let written: EventsRow;
    try {
      written = await insertEvents(db, {
        events: calls.map(({ event, endpointIds }) => ({
          ...event,
          data: event.data as Record<string, unknown>,
          endpointIds,
          deliveryIdStem: newId("delivery"),
        })),
        jobs: inline?.jobs,
      });
    } catch (error) {
      inline?.failed();
      throw error;
    }
    inline?.written(calls[calls.length - 1].event.createdAt, written);
    return calls.map(({ event }) => ({
      deliveries: written.deliveries.filter((d) => d.eventId === event.id),
      queued: inline !== null,
    }));
  },
);
