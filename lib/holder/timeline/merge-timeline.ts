// Life events and credentials as one list, newest first: an event is placed by the day it ended
// (or, while ongoing, by its start), a credential by the day its document was issued; an item with
// no date at all goes last, newest created first among them. The holder's own timeline and the
// public profile page both build theirs here.
import type { LifeEvent } from "../../db";
import { toApiLifeEvent } from "../life-events/serialize";
import { toApiCredential, type CredentialWithSource } from "../credentials/serialize-credential";
import type { TimelineItem } from "./timeline-schema";

/** Enough for a lifetime of entries; a timeline longer than this shows its newest. */
export const MAX_TIMELINE_ITEMS = 500;

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

export function mergeTimeline(events: LifeEvent[], credentials: CredentialWithSource[]): TimelineItem[] {
  const items: Array<TimelineItem & { createdAt: Date }> = [
    ...events.map((event) => {
      const item = toApiLifeEvent(event);
      return {
        type: "life_event" as const,
        date: item.end_date ?? item.start_date,
        life_event: item,
        createdAt: event.createdAt,
      };
    }),
    ...credentials.map((credential) => {
      const item = toApiCredential(credential);
      const date = item.issued_on && ISO_DAY.test(item.issued_on) ? item.issued_on : null;
      return { type: "credential" as const, date, credential: item, createdAt: credential.createdAt };
    }),
  ];
  items.sort(newestFirst);
  return items.slice(0, MAX_TIMELINE_ITEMS).map(({ createdAt: _createdAt, ...item }) => item);
}

function newestFirst(a: { date: string | null; createdAt: Date }, b: { date: string | null; createdAt: Date }): number {
  if (a.date !== b.date) {
    if (a.date === null) return 1;
    if (b.date === null) return -1;
    return a.date < b.date ? 1 : -1;
  }
  return b.createdAt.getTime() - a.createdAt.getTime();
}
