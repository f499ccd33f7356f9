import type { DbClient } from "../../db";
import { ApiError } from "../../http/errors";

/** One of the caller's life events; another holder's id answers 404 like an id nobody has. */
export async function getLifeEventOrThrow(db: DbClient, userId: string, id: string) {
  const event = await db.lifeEvent.findFirst({ where: { id, profile: { userId } } });
  if (!event) throw new ApiError("not_found", `No life event with id "${id}" exists on your profile.`);
  return event;
}
