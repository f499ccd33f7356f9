import { withApp } from "@/lib/api/app-api";
import { json } from "@/lib/http/response";
import { rejectSuggestion } from "@/lib/review/reject-suggestion";
import { rejectSuggestionSchema, suggestionParamsSchema, suggestionSchema } from "@/lib/review/review-schema";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const POST = withApp(
  {
    operationId: "rejectRuleSuggestion",
    summary: "Reject a rule suggestion, saying why",
    description: "The same scope is suggested again only once more accounts have overruled the check.",
    tag: "review",
    access: "admin",
    params: suggestionParamsSchema,
    body: { json: rejectSuggestionSchema },
    responses: { 200: { description: "The suggestion, rejected.", schema: suggestionSchema } },
    errors: ["not_found", "conflict"],
  },
  async ({ db, user, params, body }) => json(await rejectSuggestion(db, user.id, params.suggestion_id, body.reason)),
);
