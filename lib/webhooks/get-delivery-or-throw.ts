import type { DbClient } from "../db";
import { ApiError } from "../http/errors";
import { getEndpointOrThrow } from "./get-endpoint-or-throw";
import type { Owner } from "./owner";
import { DELIVERY_WITH_ATTEMPTS } from "./serialize";

/** A delivery of one of the owner's endpoints, with its attempts; anything else answers 404. */
export async function getDeliveryOrThrow(db: DbClient, endpointId: string, deliveryId: string, owner: Owner) {
  const endpoint = await getEndpointOrThrow(db, endpointId, owner);
  const delivery = await db.webhookDelivery.findFirst({
    where: { id: deliveryId, endpointId: endpoint.id },
    include: DELIVERY_WITH_ATTEMPTS,
  });
  if (!delivery) throw new ApiError("not_found", `No delivery with id "${deliveryId}" exists for this endpoint.`);
  return delivery;
}
