import type { DbClient } from "../db";
import { emitEvent } from "../events/emit-event";
import { getEndpointOrThrow } from "./get-endpoint-or-throw";
import type { Owner } from "./owner";
import { DELIVERY_WITH_ATTEMPTS, toApiDelivery } from "./serialize";

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
    await db.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryIds[0] }, include: DELIVERY_WITH_ATTEMPTS }),
  );
}
