// Stores an event and starts one delivery per enabled endpoint of the same user and mode that is
// subscribed to its type. Everything is written with the caller's client: pass a transaction
// client and the event, its deliveries and (embedded engine) the queued first attempts commit or
// roll back together with the caller's own rows. Under Inngest the send cannot join the
// transaction; the delivery function retries until the row is visible, and the sweeper
// (sweep-deliveries.ts) re-queues anything due that was never picked up.
import type { DbClient, Event, Prisma } from "../db";
import { newId } from "../ids";
import { enqueueDeliveryAttempt } from "../webhooks/delivery-job";
import { API_VERSION, type EventType, isSubscribed } from "./event-types";

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
  const event = await db.event.create({
    data: {
      id: newId("event"),
      userId: input.userId,
      livemode: input.livemode,
      type: input.type,
      apiVersion: API_VERSION,
      data: input.data as Prisma.InputJsonValue,
    },
  });
  const endpoints = await db.webhookEndpoint.findMany({
    where: options.endpointIds
      ? { id: { in: options.endpointIds }, userId: input.userId }
      : { userId: input.userId, livemode: input.livemode, enabled: true },
    select: { id: true, events: true },
  });
  const targets = options.endpointIds ? endpoints : endpoints.filter((e) => isSubscribed(e.events, input.type));
  const now = new Date();
  const deliveries = targets.map((endpoint) => ({
    id: newId("delivery"),
    eventId: event.id,
    endpointId: endpoint.id,
    nextAttemptAt: now,
  }));
  if (deliveries.length > 0) await db.webhookDelivery.createMany({ data: deliveries });

  const deliveryIds = deliveries.map((d) => d.id);
  for (const id of deliveryIds) await enqueueDeliveryAttempt(id, 1, now, db);
  return { event, deliveryIds };
}
