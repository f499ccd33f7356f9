import { withApp } from "@/lib/api/app-api";
import { adminDisputeSchema, disputeParamsSchema, resolveDisputeSchema } from "@/lib/disputes/dispute-schema";
import { resolveDispute } from "@/lib/disputes/resolve-dispute";
import { json } from "@/lib/http/response";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const POST = withApp(
  {
    operationId: "resolveDispute",
    summary: "Resolve a pending dispute",
    description:
      "`upheld` (the automated verdict was wrong) takes `corrected_verdict`: the verification's verdict becomes it, " +
      "its report carries `dispute_correction` (shown as corrected after review on the result and share pages, the " +
      "report, the social image and the API), and `verification.updated` is sent to the owner's webhooks. `rejected`: the " +
      "verdict stands. `withdrawn`: closed on the owner's behalf. The owner is e-mailed the outcome. A resolved " +
      "dispute answers 409.",
    tag: "gdpr",
    access: "admin",
    params: disputeParamsSchema,
    body: { json: resolveDisputeSchema },
    responses: { 200: { description: "The resolved dispute.", schema: adminDisputeSchema } },
    errors: ["not_found", "conflict"],
  },
  async ({ db, user, params, body }) => json(await resolveDispute(db, user.id, params.dispute_id, body)),
);
