// The corrections of /dashboard/calibrate made concrete: each names a verification (whose stored
// confidence is the prediction) or gives the predicted confidence itself.
import { z } from "zod";
import type { Db } from "../db";
import { ApiError } from "../http/errors";
import type { ConfidenceCorrection } from "./record-feedback";
import type { CalibrateRequest } from "./schemas";

export async function resolveCorrections(
  db: Db,
  corrections: z.output<typeof CalibrateRequest>["corrections"],
): Promise<ConfidenceCorrection[]> {
  const ids = [...new Set(corrections.flatMap((c) => (c.verification_id ? [c.verification_id] : [])))];
  const rows = await db.verification.findMany({ where: { id: { in: ids } }, select: { id: true, confidence: true } });
  const known = new Map(rows.map((v) => [v.id, v]));
  return corrections.map((c, i) => {
    const verification = c.verification_id ? known.get(c.verification_id) : undefined;
    if (c.verification_id && !verification) {
      throw invalid(i, "verification_id", `no verification "${c.verification_id}"`, "value_error");
    }
    const predicted = c.predicted_confidence ?? verification?.confidence ?? null;
    if (predicted === null) {
      throw invalid(i, "predicted_confidence", "give predicted_confidence or a completed verification_id", "missing");
    }
    return { verificationId: verification?.id ?? null, predicted, correct: c.correct };
  });
}

function invalid(index: number, field: string, msg: string, type: string): ApiError {
  return new ApiError("invalid_request", `corrections.${index}.${field}: ${msg}`, {
    issues: [{ loc: ["body", "corrections", index, field], msg, type }],
  });
}
