// POST /holder/cv/{cv_id}/parse: marks the CV as parsing and queues the job that reads it. A CV
// already being parsed answers 409; one parsed before is parsed again (its events replaced).
import type { Db } from "../../db";
import { ApiError } from "../../http/errors";
import { enqueueJob } from "../../jobs";
import { getProfileOrThrow } from "../get-profile-or-throw";
import { getCvUploadOrThrow } from "./get-cv-upload-or-throw";
import { parseCvJob } from "./parse-cv-job";

export async function requestCvParse(db: Db, userId: string, cvId: string) {
  const cv = await getCvUploadOrThrow(db, userId, cvId);
  // The events it yields go on the holder's profile.
  await getProfileOrThrow(db, userId);
  return db.$transaction(async (tx) => {
    const { count } = await tx.cvUpload.updateMany({
      where: { id: cv.id, status: { not: "parsing" } },
      data: { status: "parsing", parseError: null, parseStartedAt: new Date() },
    });
    if (count === 0)
      throw new ApiError("conflict", "This CV is being parsed already; its status shows when it is done.");
    await enqueueJob(parseCvJob, { cvId: cv.id }, { db: tx });
    return tx.cvUpload.findUniqueOrThrow({ where: { id: cv.id } });
  });
}
