// The confidence calibration in force: the newest refitted model, or the benchmark's until the
// first refit; every live analysis uses it.
import type { DbClient } from "../db";
import type { CalibrationModel } from "../forensics/types";
import { BENCHMARK_CALIBRATION } from "./benchmark-model";

export const CONFIDENCE_KIND = "confidence";

export async function currentCalibration(db: DbClient): Promise<CalibrationModel> {
  const row = await db.calibrationModel.findFirst({ where: { kind: CONFIDENCE_KIND }, orderBy: { createdAt: "desc" } });
  if (!row) return BENCHMARK_CALIBRATION;
  const parameters = row.parameters as { points?: Array<{ x: number; y: number }> };
  return Array.isArray(parameters.points) ? { points: parameters.points } : BENCHMARK_CALIBRATION;
}
