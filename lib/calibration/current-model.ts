// The confidence calibration in force: the newest fitted model, used by every live analysis.
import type { DbClient } from "../db";
import type { CalibrationModel } from "../forensics/types";

export const CONFIDENCE_KIND = "confidence";

export async function currentCalibration(db: DbClient): Promise<CalibrationModel | undefined> {
  const row = await db.calibrationModel.findFirst({ where: { kind: CONFIDENCE_KIND }, orderBy: { createdAt: "desc" } });
  if (!row) return undefined;
  const parameters = row.parameters as { points?: Array<{ x: number; y: number }> };
  return Array.isArray(parameters.points) ? { points: parameters.points } : undefined;
}
