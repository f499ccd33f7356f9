// Refits the confidence calibration from the benchmark's samples and every confidence correction
// ever stored, and makes it the model in force (the newest CalibrationModel row; live analyses
// read it).
import type { Db, Prisma } from "../db";
import { fitCalibration } from "../forensics/pipeline/calibration";
import { newId } from "../ids";
import { log } from "../log";
import { benchmarkSamples } from "./benchmark-model";
import { CONFIDENCE_KIND } from "./current-model";

export async function refitCalibration(db: Db) {
  const rows = await db.calibrationFeedback.findMany({
    where: { kind: CONFIDENCE_KIND },
    select: { predicted: true, corrected: true },
  });
  const feedback = rows.flatMap((r) => {
    const predicted = (r.predicted as { confidence?: unknown }).confidence;
    const correct = (r.corrected as { correct?: unknown }).correct;
    return typeof predicted === "number" && typeof correct === "boolean" ? [{ predicted, correct }] : [];
  });
  const samples = [...benchmarkSamples, ...feedback];
  const model = fitCalibration(samples);
  const row = await db.calibrationModel.create({
    data: {
      id: newId("calibration"),
      kind: CONFIDENCE_KIND,
      parameters: model as unknown as Prisma.InputJsonValue,
      samples: samples.length,
    },
  });
  log.info("confidence calibration refitted", {
    modelId: row.id,
    samples: samples.length,
    feedback: feedback.length,
    knots: model.points.length,
  });
  return { model_id: row.id, samples: samples.length, feedback_samples: feedback.length, model };
}
