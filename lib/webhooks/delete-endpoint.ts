import type { DbClient } from "../db";
import { getEndpointOrThrow } from "./get-endpoint-or-throw";
import type { Owner } from "./owner";

/** Deleting an endpoint deletes its deliveries; queued attempts find nothing and stop. */
export async function deleteEndpoint(db: DbClient, id: string, owner: Owner) {
  const endpoint = await getEndpointOrThrow(db, id, owner);
  await db.webhookEndpoint.delete({ where: { id: endpoint.id } });
  return { id: endpoint.id, object: "webhook_endpoint" as const, deleted: true as const };
}
