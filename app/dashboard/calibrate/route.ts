import { withApp } from "@/lib/api/app-api";
import { recordConfidenceFeedback } from "@/lib/calibration/record-feedback";
import { refitCalibration } from "@/lib/calibration/refit";
import { resolveCorrections } from "@/lib/calibration/resolve-corrections";
import { CalibrateRequest, CalibrateResult } from "@/lib/calibration/schemas";
import { json } from "@/lib/http/response";

export const POST = withApp(
  {
    operationId: "calibrate",
    summary: "Store confidence corrections and refit the calibration",
    description:
      "Stores each correction, refits the piecewise-linear correction model from all feedback and returns it.",
    tag: "dashboard",
    access: "admin",
    body: { json: CalibrateRequest.meta({ id: "CalibrateRequest" }) },
    responses: { 200: { description: "The corrections stored and the model now in force.", schema: CalibrateResult } },
  },
  async ({ db, user, body }) => {
    const corrections = await resolveCorrections(db, body.corrections);
    await recordConfidenceFeedback(db, user.id, corrections);
    return json({ stored: corrections.length, ...(await refitCalibration(db)) });
  },
);
