import { withApp } from "@/lib/api/app-api";
import { json } from "@/lib/http/response";
import { reviewAnalytics } from "@/lib/review/review-analytics";
import { reviewAnalyticsSchema } from "@/lib/review/review-schema";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = withApp(
  {
    operationId: "getReviewAnalytics",
    summary: "Override rates by document type, check and verdict",
    description: "The latest review of each reviewed verification counts once.",
    tag: "review",
    access: "admin",
    responses: { 200: { description: "Override statistics.", schema: reviewAnalyticsSchema } },
  },
  async ({ db }) => json(await reviewAnalytics(db)),
);
