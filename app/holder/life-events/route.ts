import { withApp } from "@/lib/api/app-api";
import { json } from "@/lib/http/response";
import { requestAchievementCheck } from "@/lib/holder/achievements/request-achievement-check";
import { createLifeEvent } from "@/lib/holder/life-events/create-life-event";
import { createLifeEventSchema, lifeEventSchema } from "@/lib/holder/life-events/life-event-schema";
import { toApiLifeEvent } from "@/lib/holder/life-events/serialize";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const POST = withApp(
  {
    operationId: "createLifeEvent",
    summary: "Add a life event to the timeline",
    description:
      "Education, work, certification, award or volunteering, with optional dates (YYYY-MM-DD, end on or after " +
      "start). Needs a holder profile (404 without one).",
    tag: "holder",
    access: "user",
    body: { json: createLifeEventSchema },
    responses: { 201: { description: "The event.", schema: lifeEventSchema } },
    errors: ["not_found"],
  },
  async ({ db, user, body }) => {
    const event = await createLifeEvent(db, user.id, body);
    await requestAchievementCheck(user.id);
    return json(toApiLifeEvent(event), { status: 201 });
  },
);
