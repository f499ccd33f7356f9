import type { DbClient } from "../../db";

/** A holder keeps a handful of CVs; more than this are not listed. */
const MAX_LISTED = 100;

export async function listCvUploads(db: DbClient, userId: string) {
  return db.cvUpload.findMany({ where: { userId }, orderBy: { id: "desc" }, take: MAX_LISTED });
}
