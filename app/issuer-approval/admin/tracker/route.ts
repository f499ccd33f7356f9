import { withApp } from "@/lib/api/app-api";
import { json } from "@/lib/http/response";
import { TrackerQuery, trackerListSchema } from "@/lib/issuers/issuer-schema";
import { listTracker } from "@/lib/issuers/list-tracker";

export const dynamic = "force-dynamic";

export const GET = withApp(
  {
    operationId: "listIssuerTracker",
    summary: "Every confirmation request, filtered and paged",
    tag: "issuer-approval",
    access: "admin",
    query: TrackerQuery,
    responses: { 200: { description: "One page of requests.", schema: trackerListSchema } },
  },
  async ({ db, query }) => json(await listTracker(db, query)),
);
