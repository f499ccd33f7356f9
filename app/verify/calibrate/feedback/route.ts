import { withApp } from "@/lib/api/app-api";
import { recordAnnotationFeedback } from "@/lib/calibration/record-feedback";
import { AnnotationFeedbackResult, CalibrationFeedbackRequest } from "@/lib/calibration/schemas";
import { ApiError } from "@/lib/http/errors";
import { json } from "@/lib/http/response";

export const POST = withApp(
  {
    operationId: "sendCalibrationFeedback",
    summary: "Correct the regions of a verification's findings",
    description: "Regions are in page fractions. From 20 stored corrections on, a recalibration is suggested.",
    tag: "verify",
    access: "user",
    body: { json: CalibrationFeedbackRequest.meta({ id: "CalibrationFeedbackRequest" }) },
    responses: { 200: { description: "The feedback is stored.", schema: AnnotationFeedbackResult } },
    errors: ["not_found"],
  },
  async ({ db, user, body }) => {
    // Feedback is about one's own verifications; administrators review everyone's.
    const verification = await db.verification.findFirst({
      where: { id: body.verification_id, ...(user.role === "user" ? { userId: user.id } : {}) },
      select: { id: true },
    });
    if (!verification)
      throw new ApiError("not_found", `No verification with id "${body.verification_id}" exists for this account.`);
    return json(
      await recordAnnotationFeedback(db, {
        verificationId: verification.id,
        userId: user.id,
        annotations: body.annotations,
      }),
    );
  },
);
