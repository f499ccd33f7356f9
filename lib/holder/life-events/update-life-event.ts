import type { DbClient } from "../../db";
import { ApiError } from "../../http/errors";
import { getLifeEventOrThrow } from "./get-life-event-or-throw";
import { DATES_OUT_OF_ORDER, datesInOrder, type UpdateLifeEventInput } from "./life-event-schema";
import { dayToDate, isoDay } from "./serialize";

/**
 * Changes the fields sent (null clears an optional one). An event read from a CV stays linked to
 * it: deleting that CV with its events still removes the corrected event.
 */
export async function updateLifeEvent(db: DbClient, userId: string, id: string, input: UpdateLifeEventInput) {
  const event = await getLifeEventOrThrow(db, userId, id);
  const start = input.start_date === undefined ? isoDay(event.startDate) : input.start_date;
  const end = input.end_date === undefined ? isoDay(event.endDate) : input.end_date;
  if (!datesInOrder(start, end)) {
    const msg = `${DATES_OUT_OF_ORDER} (start_date ${start}, end_date ${end})`;
    throw new ApiError("invalid_request", msg, { issues: [{ loc: ["body", "end_date"], msg, type: "custom" }] });
  }
  return db.lifeEvent.update({
    where: { id: event.id },
    data: {
      kind: input.kind,
      title: input.title,
      organization: input.organization,
      location: input.location,
      description: input.description,
      startDate: dayToDate(input.start_date),
      endDate: dayToDate(input.end_date),
    },
  });
}
