import { withPublicApi } from "@/lib/api/public-api";
import { listEvents } from "@/lib/events/list-events";
import { listEnvelopeSchema } from "@/lib/http/pagination";
import { json } from "@/lib/http/response";
import { eventSchema, listEventsQuerySchema } from "@/lib/webhooks/webhook-schema";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = withPublicApi(
  {
    operationId: "listEvents",
    summary: "List events, newest first",
    tag: "Webhooks",
    scope: "webhooks:read",
    query: listEventsQuerySchema,
    responses: {
      200: {
        description: "One page of the caller's events in the token's mode (the envelopes deliveries carry).",
        schema: listEnvelopeSchema(eventSchema).meta({ id: "EventList" }),
      },
    },
  },
  async ({ db, auth, query }) => json(await listEvents(db, { userId: auth.user.id, livemode: auth.livemode }, query)),
);
