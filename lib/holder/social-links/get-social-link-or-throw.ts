import type { DbClient } from "../../db";
import { ApiError } from "../../http/errors";

/** One of the caller's links; another user's id answers 404 like an unknown one. */
export async function getSocialLinkOrThrow(db: DbClient, userId: string, linkId: string) {
  const link = await db.socialLink.findFirst({ where: { id: linkId, userId } });
  if (!link) throw new ApiError("not_found", `No social link ${linkId}.`);
  return link;
}
