import { recordAnnotationFeedback } from "@/lib/calibration/record-feedback";
import { CalibrationFeedbackRequest } from "@/lib/calibration/schemas";
import { withApp } from "@/lib/api/app-api";
import { ApiError } from "@/lib/http/errors";
import { parseJson } from "@/lib/http/request";
import { json } from "@/lib/http/response";

export const POST = withApp({ access: "user" }, async ({ req, db, user }) => {
  const body = await parseJson(req, CalibrationFeedbackRequest);
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
});
