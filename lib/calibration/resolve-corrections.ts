// The corrections of /dashboard/calibrate made concrete: each names a verification (whose report's
// raw confidence, the one calibration maps, is the prediction) or gives that raw confidence
// itself. A test-mode verdict comes from no analysis, so it says nothing about the engine.
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
  const rows = await db.verification.findMany({
    where: { id: { in: ids } },
    select: { id: true, livemode: true, confidence: true, verdictJson: true },
  });
  const known = new Map(rows.map((v) => [v.id, v]));
  return corrections.map((c, i) => {
    const verification = c.verification_id ? known.get(c.verification_id) : undefined;
    if (c.verification_id && !verification) {
      throw invalid(i, "verification_id", `no verification "${c.verification_id}"`, "value_error");
    }
    if (verification && !verification.livemode) {
      throw invalid(
        i,
        "verification_id",
        `"${verification.id}" is a test-mode verification: nothing analysed it`,
        "value_error",
      );
    }
    const predicted = c.predicted_confidence ?? (verification ? rawConfidence(verification) : null);
    if (predicted === null) {
      throw invalid(i, "predicted_confidence", "give predicted_confidence or a completed verification_id", "missing");
    }
    return { verificationId: verification?.id ?? null, predicted, correct: c.correct };
  });
}

// A report from before raw_confidence was kept stated its confidence uncalibrated, unless a refit was in force.
function rawConfidence(v: { confidence: number | null; verdictJson: unknown }): number | null {
  const raw = (v.verdictJson as { raw_confidence?: unknown } | null)?.raw_confidence;
  return typeof raw === "number" ? raw : v.confidence;
}

function invalid(index: number, field: string, msg: string, type: string): ApiError {
  return new ApiError("invalid_request", `corrections.${index}.${field}: ${msg}`, {
    issues: [{ loc: ["body", "corrections", index, field], msg, type }],
  });
}
