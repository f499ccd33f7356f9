import { withApp } from "@/lib/api/app-api";
import { json } from "@/lib/http/response";
import { getTimeline } from "@/lib/holder/timeline/get-timeline";
import { timelineSchema } from "@/lib/holder/timeline/timeline-schema";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = withApp(
  {
    operationId: "getHolderTimeline",
    summary: "Life events and credentials, newest first",
    description:
      "Each item says its type (life_event or credential). Sample credentials are included and marked. " +
      "Without a holder profile the timeline is empty.",
    tag: "holder",
    access: "user",
    responses: { 200: { description: "The timeline.", schema: timelineSchema } },
  },
  async ({ db, user }) => json({ object: "timeline", data: await getTimeline(db, user.id) }),
);
