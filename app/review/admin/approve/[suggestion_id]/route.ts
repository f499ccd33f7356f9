import { withApp } from "@/lib/api/app-api";
import { json } from "@/lib/http/response";
import { approveSuggestion } from "@/lib/review/approve-suggestion";
import { approvalSchema, suggestionParamsSchema } from "@/lib/review/review-schema";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const POST = withApp(
  {
    operationId: "approveRuleSuggestion",
    summary: "Approve a rule suggestion: its rule joins the fusion overrides",
    description:
      "Writes the next version of the overrides set (stored in the database); every analysis after it is weighed " +
      "with it and its report records `overrides_version`.",
    tag: "review",
    access: "admin",
    params: suggestionParamsSchema,
    responses: { 200: { description: "The suggestion and the overrides now in force.", schema: approvalSchema } },
    errors: ["not_found", "conflict"],
  },
  async ({ db, user, params }) => json(await approveSuggestion(db, user.id, params.suggestion_id)),
);
