// Deletes a CV and its stored file. With deleteEvents the life events read from it go too (exactly
// those: source cv and this CV's id, edited or not); without, they stay on the timeline, detached
// from the CV (the foreign key sets their cv_upload_id to null).
import type { Db } from "../../db";
import { ApiError } from "../../http/errors";
import { deleteObject } from "../../storage";

export async function deleteCvUpload(
  db: Db,
  userId: string,
  cvId: string,
  { deleteEvents }: { deleteEvents: boolean },
) {
  const result = await db.$transaction(async (tx) => {
    const cv = await tx.cvUpload.findFirst({ where: { id: cvId, userId } });
    if (!cv) return null;
    const derived = { cvUploadId: cv.id, source: "cv" as const };
    const deleted = deleteEvents ? (await tx.lifeEvent.deleteMany({ where: derived })).count : 0;
    const kept = await tx.lifeEvent.count({ where: { cvUploadId: cv.id } });
    const { count } = await tx.cvUpload.deleteMany({ where: { id: cv.id } });
    return count === 0 ? null : { cv, deleted, kept };
  });
  if (!result) throw new ApiError("not_found", `No CV with id "${cvId}" exists for this account.`);
  await deleteObject(result.cv.fileKey);
  return {
    id: result.cv.id,
    object: "cv_upload" as const,
    deleted: true as const,
    events_deleted: result.deleted,
    events_kept: result.kept,
  };
}
