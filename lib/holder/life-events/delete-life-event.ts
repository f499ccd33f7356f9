import type { DbClient } from "../../db";
import { ApiError } from "../../http/errors";

/** Deletes one of the caller's events: one scoped statement, so a concurrent delete answers 404, not 500. */
export async function deleteLifeEvent(db: DbClient, userId: string, id: string): Promise<void> {
  const { count } = await db.lifeEvent.deleteMany({ where: { id, profile: { userId } } });
  if (count === 0) throw new ApiError("not_found", `No life event with id "${id}" exists on your profile.`);
}
