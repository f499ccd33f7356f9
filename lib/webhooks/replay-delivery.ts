import type { DbClient } from "../db";
import { newId } from "../ids";
import { enqueueDeliveryAttempt } from "./delivery-job";
import { getDeliveryOrThrow } from "./get-delivery-or-throw";
import type { Owner } from "./owner";
import { DELIVERY_WITH_ATTEMPTS, toApiDelivery } from "./serialize";

/** A manual replay is a new delivery of the same event, starting the ladder again from attempt 1. */
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
    include: DELIVERY_WITH_ATTEMPTS,
  });
  await enqueueDeliveryAttempt(replay, 1, now, db);
  return toApiDelivery(replay);
}
