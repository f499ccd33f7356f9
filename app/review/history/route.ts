import { withApp } from "@/lib/api/app-api";
import { json } from "@/lib/http/response";
import { listReviewHistory } from "@/lib/review/list-review-history";
import { reviewHistoryQuerySchema, reviewHistorySchema } from "@/lib/review/review-schema";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = withApp(
  {
    operationId: "listReviewHistory",
    summary: "The reviews the user submitted, newest first",
    description: "`limit` 1-100 (default 50), `offset` from 0.",
    tag: "review",
    access: "user",
    query: reviewHistoryQuerySchema,
    responses: { 200: { description: "One page of reviews.", schema: reviewHistorySchema } },
  },
  async ({ db, user, query }) => json(await listReviewHistory(db, user.id, query)),
);
