import type { DbClient } from "../db";
import { ApiError } from "../http/errors";

export async function getBatchOrThrow(db: DbClient, id: string, owner: { userId: string; livemode: boolean }) {
  const batch = await db.batch.findFirst({
    where: { id, userId: owner.userId, livemode: owner.livemode },
    include: { items: true },
  });
  if (!batch) throw new ApiError("not_found", `No batch with id "${id}" exists for this token.`);
  return batch;
}
