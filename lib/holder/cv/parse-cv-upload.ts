// The parse job's work: the stored CV → its text (in a bounded thread) → education and work
// entries → life events marked source=cv with this CV's id, replacing what an earlier parse of it
// derived. A file that cannot be read ends as status failed with the reason in parse_error.
import type { Db } from "../../db";
import { newId } from "../../ids";
import { errorFields, log } from "../../log";
import { getObject } from "../../storage";
import { requestAchievementCheck } from "../achievements/request-achievement-check";
import { dayToDate } from "../life-events/serialize";
import { CvInputError } from "./cv-errors";
import { parseCvText } from "./parse-cv-text";
import { readCvText } from "./read-cv-text";
import type { CvType } from "./sniff-cv";

export async function parseCvUpload(db: Db, cvId: string): Promise<void> {
  const cv = await db.cvUpload.findUnique({ where: { id: cvId } });
  // Deleted meanwhile, or not asked for (a duplicate run): nothing to do.
  if (!cv || cv.status !== "parsing") return;
  let entries;
  try {
    entries = parseCvText(await readCvText(await getObject(cv.fileKey), cv.contentType as CvType));
  } catch (error) {
    if (!(error instanceof CvInputError)) log.error("CV parse failed", { cvId, ...errorFields(error) });
    const message =
      error instanceof CvInputError
        ? error.message
        : "The CV could not be read because of a problem on our side; try again.";
    await db.cvUpload.updateMany({
      where: { id: cvId, status: "parsing" },
      data: { status: "failed", parseError: message },
    });
    return;
  }
  const saved = await db.$transaction(async (tx) => {
    // The CV may have been deleted while it was read: then its events must not appear.
    const { count } = await tx.cvUpload.updateMany({
      where: { id: cvId, status: "parsing" },
      data: { status: "parsed", parsedAt: new Date(), parseError: null, eventCount: entries.length },
    });
    if (count === 0) return false;
    const profile = await tx.holderProfile.findUnique({ where: { userId: cv.userId }, select: { id: true } });
    if (!profile) {
      await tx.cvUpload.update({
        where: { id: cvId },
        data: {
          status: "failed",
          parsedAt: null,
          eventCount: 0,
          parseError: "Create your holder profile first: the events go on it.",
        },
      });
      return false;
    }
    await tx.lifeEvent.deleteMany({ where: { cvUploadId: cvId, source: "cv" } });
    await tx.lifeEvent.createMany({
      data: entries.map((entry) => ({
        id: newId("lifeEvent"),
        profileId: profile.id,
        kind: entry.kind,
        title: entry.title,
        organization: entry.organization,
        location: entry.location,
        description: entry.description,
        startDate: dayToDate(entry.start_date) ?? null,
        endDate: dayToDate(entry.end_date) ?? null,
        source: "cv" as const,
        cvUploadId: cvId,
      })),
    });
    return true;
  });
  if (saved) await requestAchievementCheck(cv.userId);
}
