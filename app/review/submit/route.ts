import { withApp } from "@/lib/api/app-api";
import { json } from "@/lib/http/response";
import { reviewSchema, submitReviewSchema } from "@/lib/review/review-schema";
import { submitReview } from "@/lib/review/submit-review";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const POST = withApp(
  {
    operationId: "submitReview",
    summary: "Review a verification's verdict: correct it or confirm it",
    description:
      "The verification's owner, or an administrator. The corrected verdict shows, marked as a review, in the " +
      "owner's own views (result page, dashboard, folders and their export); the share page, badge, credential " +
      "claim and issuer request keep the engine's verdict. `wrong_checks` names the report's checks the reviewer " +
      "holds wrong: the learning engine draws rule suggestions from them. Another user's verification answers 404.",
    tag: "review",
    access: "user",
    body: { json: submitReviewSchema },
    responses: { 201: { description: "The review as recorded.", schema: reviewSchema } },
    errors: ["not_found", "conflict"],
  },
  async ({ db, user, body }) => json(await submitReview(db, user, body), { status: 201 }),
);
