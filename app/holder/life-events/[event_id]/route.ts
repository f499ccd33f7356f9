import { z } from "zod";
import { withApp } from "@/lib/api/app-api";
import { json } from "@/lib/http/response";
import { deleteLifeEvent } from "@/lib/holder/life-events/delete-life-event";
import {
  lifeEventParamsSchema,
  lifeEventSchema,
  updateLifeEventSchema,
} from "@/lib/holder/life-events/life-event-schema";
import { toApiLifeEvent } from "@/lib/holder/life-events/serialize";
import { updateLifeEvent } from "@/lib/holder/life-events/update-life-event";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const PATCH = withApp(
  {
    operationId: "updateLifeEvent",
    summary: "Change a life event",
    description:
      "Only the fields sent change; null clears an optional field. Dates stay in order with the stored ones.",
    tag: "holder",
    access: "user",
    params: lifeEventParamsSchema,
    body: { json: updateLifeEventSchema },
    responses: { 200: { description: "The event as it is now.", schema: lifeEventSchema } },
    errors: ["not_found"],
  },
  async ({ db, user, params, body }) => json(toApiLifeEvent(await updateLifeEvent(db, user.id, params.event_id, body))),
);

export const DELETE = withApp(
  {
    operationId: "deleteLifeEvent",
    summary: "Delete a life event",
    tag: "holder",
    access: "user",
    params: lifeEventParamsSchema,
    responses: {
      200: {
        description: "The event is gone.",
        schema: z
          .object({ id: z.string(), object: z.literal("life_event"), deleted: z.literal(true) })
          .meta({ id: "DeletedLifeEvent" }),
      },
    },
    errors: ["not_found"],
  },
  async ({ db, user, params }) => {
    await deleteLifeEvent(db, user.id, params.event_id);
    return json({ id: params.event_id, object: "life_event", deleted: true });
  },
);
