// The caller's stored events in this mode, newest first (what a receiver that missed deliveries
// can reconcile against).
import type { z } from "zod";
import type { DbClient } from "../db";
import { ApiError } from "../http/errors";
import { listEnvelope } from "../http/pagination";
import type { listEventsQuerySchema } from "../webhooks/webhook-schema";
import { eventEnvelope } from "./event-types";

export async function listEvents(
  db: DbClient,
  owner: { userId: string; livemode: boolean },
  query: z.infer<typeof listEventsQuerySchema>,
) {
  const rows = await db.event.findMany({
    where: {
      userId: owner.userId,
      livemode: owner.livemode,
      ...(query.type ? { type: query.type } : {}),
      ...(query.starting_after ? { id: { lt: query.starting_after } } : {}),
    },
    orderBy: { id: "desc" },
    take: query.limit + 1,
  });
  return listEnvelope(rows, query.limit, eventEnvelope);
}

export async function getEventOrThrow(db: DbClient, id: string, owner: { userId: string; livemode: boolean }) {
  const event = await db.event.findFirst({ where: { id, userId: owner.userId, livemode: owner.livemode } });
  if (!event) throw new ApiError("not_found", `No event with id "${id}" exists for this token.`);
  return eventEnvelope(event);
}
