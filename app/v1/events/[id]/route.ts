import { z } from "zod";
import { withPublicApi } from "@/lib/api/public-api";
import { getEventOrThrow } from "@/lib/events/list-events";
import { json } from "@/lib/http/response";
import { eventSchema } from "@/lib/webhooks/webhook-schema";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = withPublicApi(
  {
    operationId: "getEvent",
    summary: "Retrieve an event",
    tag: "Webhooks",
    scope: "webhooks:read",
    params: z.strictObject({ id: z.string().min(1).max(64).meta({ description: "An event id (evt_…)." }) }),
    responses: { 200: { description: "The event envelope.", schema: eventSchema } },
    errors: ["not_found"],
  },
  async ({ db, auth, params }) =>
    json(await getEventOrThrow(db, params.id, { userId: auth.user.id, livemode: auth.livemode })),
);
