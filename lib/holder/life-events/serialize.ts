import type { LifeEvent } from "../../db";
import { timestamp } from "../../http/response";
import type { LifeEventKind } from "./life-event-schema";

/** A stored day (UTC midnight) as YYYY-MM-DD. */
export const isoDay = (date: Date | null): string | null => (date ? date.toISOString().slice(0, 10) : null);

/** A YYYY-MM-DD as the stored instant (UTC midnight). */
export const dayToDate = (day: string | null | undefined): Date | null | undefined =>
  day === undefined ? undefined : day === null ? null : new Date(`${day}T00:00:00Z`);

export function toApiLifeEvent(event: LifeEvent) {
  return {
    id: event.id,
    object: "life_event" as const,
    kind: event.kind as LifeEventKind,
    title: event.title,
    organization: event.organization,
    location: event.location,
    description: event.description,
    start_date: isoDay(event.startDate),
    end_date: isoDay(event.endDate),
    source: event.source,
    cv_upload_id: event.cvUploadId,
    created_at: timestamp(event.createdAt),
    updated_at: timestamp(event.updatedAt),
  };
}
