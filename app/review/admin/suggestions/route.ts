import { withApp } from "@/lib/api/app-api";
import { json } from "@/lib/http/response";
import { listSuggestions } from "@/lib/review/list-suggestions";
import { suggestionListSchema } from "@/lib/review/review-schema";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = withApp(
  {
    operationId: "listRuleSuggestions",
    summary: "Pending rule suggestions of the learning engine",
    description: "Each with its evidence (distinct reviewers, verifications) and its replayed effect.",
    tag: "review",
    access: "admin",
    responses: { 200: { description: "The pending suggestions.", schema: suggestionListSchema } },
  },
  async ({ db }) => json(await listSuggestions(db)),
);
