import { withApp } from "@/lib/api/app-api";
import { json } from "@/lib/http/response";
import { trackerStatsSchema } from "@/lib/issuers/issuer-schema";
import { trackerStats } from "@/lib/issuers/tracker-stats";

export const dynamic = "force-dynamic";

export const GET = withApp(
  {
    operationId: "getIssuerTrackerStats",
    summary: "Confirmation requests by status and e-mail status, and the median time to an answer",
    tag: "issuer-approval",
    access: "admin",
    responses: { 200: { description: "The figures.", schema: trackerStatsSchema } },
  },
  async ({ db }) => json(await trackerStats(db)),
);
