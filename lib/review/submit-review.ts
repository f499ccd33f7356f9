// An owner or an admin records their verdict on a verification: the corrected verdict (or the
// engine's, confirming it), why, and which of the report's checks were wrong. Every review is kept;
// the latest is the one the owner's views show (reviewed-verdict.ts). The verification's own
// verdict, the one shared links show, is not touched.
import type { Db, User } from "../db";
import type { Finding } from "../forensics/types";
import { ApiError } from "../http/errors";
import { newId } from "../ids";
import { fromDbVerdict, toDbVerdict } from "../verifications/verdicts";
import { getReviewableVerificationOrThrow } from "./get-reviewable-verification";
import type { SubmitReviewInput } from "./review-schema";
import { toApiReview } from "./serialize";

export async function submitReview(db: Db, user: Pick<User, "id" | "role">, input: SubmitReviewInput) {
  const verification = await getReviewableVerificationOrThrow(db, user, input.verification_id);
  if (verification.status !== "completed" || !verification.verdict)
    throw new ApiError("conflict", "Only a completed verification can be reviewed.");
  const report = (verification.verdictJson ?? {}) as { test_mode?: boolean; findings?: Finding[] };
  if (!verification.livemode || report.test_mode)
    throw new ApiError("conflict", "A test-mode verdict is simulated: there is no analysis to review.");
  const original = fromDbVerdict(verification.verdict);
  const wrong = [...new Set(input.wrong_checks)];
  const known = new Set((report.findings ?? []).map((f) => f.check));
  const unknown = wrong.filter((c) => !known.has(c));
  if (unknown.length > 0)
    throw new ApiError(
      "invalid_request",
      `wrong_checks names ${unknown.join(", ")}, not among this report's findings` +
        (known.size > 0 ? ` (${[...known].sort().join(", ")}).` : " (it has none)."),
    );
  if (original === input.verdict && wrong.length > 0)
    throw new ApiError(
      "invalid_request",
      "A review that keeps the verdict confirms it: name wrong checks only when the verdict changes.",
    );
  const review = await db.review.create({
    data: {
      id: newId("review"),
      verificationId: verification.id,
      reviewerId: user.id,
      originalVerdict: verification.verdict,
      newVerdict: toDbVerdict(input.verdict),
      reason: input.reason,
      overriddenChecks: wrong,
    },
  });
  return toApiReview({ ...review, verification });
}
