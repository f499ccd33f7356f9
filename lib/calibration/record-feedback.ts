// Reviewers' corrections. Annotation feedback (corrected finding regions) accumulates until a
// recalibration is worth doing; confidence feedback (was the verdict right?) feeds the model.
import type { Db, Prisma } from "../db";
import { newId } from "../ids";
import { log } from "../log";
import { CONFIDENCE_KIND } from "./current-model";

export const ANNOTATION_KIND = "annotation";
/** From this many stored annotation corrections on, a recalibration is suggested (spec: 20). */
export const RECALIBRATION_THRESHOLD = 20;

export interface RegionFix {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface AnnotationCorrection {
  check?: string;
  page: number;
  predicted: RegionFix | null;
  corrected: RegionFix | null;
}

export async function recordAnnotationFeedback(
  db: Db,
  input: { verificationId: string; userId: string; annotations: AnnotationCorrection[] },
) {
  await db.calibrationFeedback.createMany({
    data: input.annotations.map((a) => ({
      id: newId("feedback"),
      verificationId: input.verificationId,
      userId: input.userId,
      kind: ANNOTATION_KIND,
      predicted: { check: a.check ?? null, page: a.page, region: a.predicted } as Prisma.InputJsonValue,
      corrected: { check: a.check ?? null, page: a.page, region: a.corrected } as Prisma.InputJsonValue,
    })),
  });
  const total = await db.calibrationFeedback.count({ where: { kind: ANNOTATION_KIND } });
  const suggested = total >= RECALIBRATION_THRESHOLD;
  if (suggested) {
    log.info("recalibration suggested: enough annotation feedback has accumulated", {
      total,
      threshold: RECALIBRATION_THRESHOLD,
    });
  }
  return { stored: input.annotations.length, total_feedback: total, recalibration_suggested: suggested };
}

export interface ConfidenceCorrection {
  verificationId: string | null;
  predicted: number;
  correct: boolean;
}

export async function recordConfidenceFeedback(db: Db, userId: string, corrections: ConfidenceCorrection[]) {
  await db.calibrationFeedback.createMany({
    data: corrections.map((c) => ({
      id: newId("feedback"),
      verificationId: c.verificationId,
      userId,
      kind: CONFIDENCE_KIND,
      predicted: { confidence: c.predicted },
      corrected: { correct: c.correct },
    })),
  });
}
