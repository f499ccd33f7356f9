import { withApp } from "@/lib/api/app-api";
import { json } from "@/lib/http/response";
import { generateSuggestions } from "@/lib/review/generate-suggestions";
import { generateResultSchema } from "@/lib/review/review-schema";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const POST = withApp(
  {
    operationId: "generateRuleSuggestions",
    summary: "Run the learning engine over the reviews",
    description:
      "A check named wrong by at least 3 distinct accounts, in at least 3 reviewed verifications and 70 % of those " +
      "where it counted, on one document type (or one type in one format), becomes a weight suggestion, measured " +
      "by replaying the stored reports through fusion. Nothing changes until an admin approves.",
    tag: "review",
    access: "admin",
    responses: {
      200: { description: "How many were created or refreshed, and every pending one.", schema: generateResultSchema },
    },
  },
  async ({ db }) => json(await generateSuggestions(db)),
);
