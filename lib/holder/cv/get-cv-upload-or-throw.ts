import type { DbClient } from "../../db";
import { ApiError } from "../../http/errors";

/** One of the caller's CVs; another user's id answers 404 like an id nobody has. */
export async function getCvUploadOrThrow(db: DbClient, userId: string, id: string) {
  const cv = await db.cvUpload.findFirst({ where: { id, userId } });
  if (!cv) throw new ApiError("not_found", `No CV with id "${id}" exists for this account.`);
  return cv;
}
