import { recordConfidenceFeedback } from "@/lib/calibration/record-feedback";
import { refitCalibration } from "@/lib/calibration/refit";
import { CalibrateRequest } from "@/lib/calibration/schemas";
import { withApp } from "@/lib/api/app-api";
import { ApiError } from "@/lib/http/errors";
import { parseJson } from "@/lib/http/request";
import { json } from "@/lib/http/response";

export const POST = withApp({ access: "admin" }, async ({ req, db, user }) => {
  const body = await parseJson(req, CalibrateRequest);
  const ids = [...new Set(body.corrections.flatMap((c) => (c.verification_id ? [c.verification_id] : [])))];
  const known = new Map(
    (await db.verification.findMany({ where: { id: { in: ids } }, select: { id: true, confidence: true } })).map(
      (v) => [v.id, v],
    ),
  );
  const corrections = body.corrections.map((c, i) => {
    const verification = c.verification_id ? known.get(c.verification_id) : undefined;
    if (c.verification_id && !verification) {
      throw new ApiError(
        "invalid_request",
        `corrections.${i}.verification_id: no verification "${c.verification_id}"`,
        {
          issues: [
            { loc: ["body", "corrections", i, "verification_id"], msg: "unknown verification", type: "value_error" },
          ],
        },
      );
    }
    const predicted = c.predicted_confidence ?? verification?.confidence ?? null;
    if (predicted === null) {
      throw new ApiError(
        "invalid_request",
        `corrections.${i}: give predicted_confidence or a completed verification_id`,
        {
          issues: [
            {
              loc: ["body", "corrections", i, "predicted_confidence"],
              msg: "required without a completed verification",
              type: "missing",
            },
          ],
        },
      );
    }
    return { verificationId: verification?.id ?? null, predicted, correct: c.correct };
  });
  await recordConfidenceFeedback(db, user.id, corrections);
  const fitted = await refitCalibration(db);
  return json({ stored: corrections.length, ...fitted });
});
