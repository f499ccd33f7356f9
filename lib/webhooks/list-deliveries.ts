import type { z } from "zod";
import type { DbClient } from "../db";
import { listEnvelope } from "../http/pagination";
import { getEndpointOrThrow } from "./get-endpoint-or-throw";
import type { Owner } from "./owner";
import { DELIVERY_WITH_ATTEMPTS, toApiDelivery } from "./serialize";
import type { listDeliveriesQuerySchema } from "./webhook-schema";

/** An endpoint's deliveries, newest first, each with every attempt (the developer portal's view). */
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
    include: DELIVERY_WITH_ATTEMPTS,
    orderBy: { id: "desc" },
    take: query.limit + 1,
  });
  return listEnvelope(rows, query.limit, toApiDelivery);
}
