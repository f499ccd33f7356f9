import type { DbClient } from "../db";
import { ApiError } from "../http/errors";
import type { Owner } from "./owner";

/** Another account's endpoint (or one of the other mode) answers 404, like one that does not exist. */
export async function getEndpointOrThrow(db: DbClient, id: string, owner: Owner) {
  const endpoint = await db.webhookEndpoint.findFirst({
    where: { id, userId: owner.userId, livemode: owner.livemode },
  });
  if (!endpoint) throw new ApiError("not_found", `No webhook endpoint with id "${id}" exists for this token.`);
  return endpoint;
}
