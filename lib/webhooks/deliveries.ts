// The developer portal's view of deliveries: the list with every attempt, a test ping, and a
// manual replay (a new delivery of the same event, starting the ladder again from attempt 1).
import type { z } from "zod";
import type { DbClient } from "../db";
import { emitEvent } from "../events/emit-event";
import { ApiError } from "../http/errors";
import { listEnvelope } from "../http/pagination";
import { newId } from "../ids";
import { enqueueDeliveryAttempt } from "./delivery-job";
import { getEndpointOrThrow, type Owner } from "./endpoints";
import { toApiDelivery } from "./serialize";
import type { listDeliveriesQuerySchema } from "./webhook-schema";

const WITH_ATTEMPTS = { attempts: true, event: { select: { type: true } } } as const;

export async function listDeliveries(
  db: DbClient,
  endpointId: string,
  owner: Owner,
  query: z.infer<typeof listDeliveriesQuerySchema>,
) {
  const endpoint = await getEndpointOrThrow(db, endpointId, owner);
  const rows = await db.webhookDelivery.findMany({
    where: {
      endpointId: endpoint.id,
      ...(query.status ? { status: query.status } : {}),
      ...(query.starting_after ? { id: { lt: query.starting_after } } : {}),
    },
    include: WITH_ATTEMPTS,
    orderBy: { id: "desc" },
    take: query.limit + 1,
  });
  return listEnvelope(rows, query.limit, toApiDelivery);
}

export async function getDeliveryOrThrow(db: DbClient, endpointId: string, deliveryId: string, owner: Owner) {
  const endpoint = await getEndpointOrThrow(db, endpointId, owner);
  const delivery = await db.webhookDelivery.findFirst({
    where: { id: deliveryId, endpointId: endpoint.id },
    include: WITH_ATTEMPTS,
  });
  if (!delivery) throw new ApiError("not_found", `No delivery with id "${deliveryId}" exists for this endpoint.`);
  return delivery;
}

/** Sends a webhook.ping event to this endpoint alone, whatever it subscribes to. */
export async function pingEndpoint(db: DbClient, endpointId: string, owner: Owner) {
  const endpoint = await getEndpointOrThrow(db, endpointId, owner);
  const { deliveryIds } = await emitEvent(
    db,
    {
      userId: owner.userId,
      livemode: owner.livemode,
      type: "webhook.ping",
      data: { webhook_endpoint_id: endpoint.id, message: "A test delivery from Credence." },
    },
    { endpointIds: [endpoint.id] },
  );
  return toApiDelivery(
    await db.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryIds[0] }, include: WITH_ATTEMPTS }),
  );
}

export async function replayDelivery(db: DbClient, endpointId: string, deliveryId: string, owner: Owner) {
  const original = await getDeliveryOrThrow(db, endpointId, deliveryId, owner);
  const now = new Date();
  const replay = await db.webhookDelivery.create({
    data: {
      id: newId("delivery"),
      eventId: original.eventId,
      endpointId: original.endpointId,
      replayOfId: original.id,
      nextAttemptAt: now,
    },
    include: WITH_ATTEMPTS,
  });
  await enqueueDeliveryAttempt(replay.id, 1, now, db);
  return toApiDelivery(replay);
}
