// The holder's life events and credentials as one list, newest first. An event is placed by the
// day it ended (or, while ongoing, by its start), a credential by the day its document was issued;
// an item with no date at all goes last, newest created first among them.
import type { DbClient } from "../../db";
import { toApiLifeEvent } from "../life-events/serialize";
import { toTimelineCredential, type CredentialWithVerification } from "./serialize";
import type { TimelineItem } from "./timeline-schema";

/** Enough for a lifetime of entries; a timeline longer than this shows its newest. */
const MAX_ITEMS = 500;

export async function getTimeline(db: DbClient, userId: string): Promise<TimelineItem[]> {
  const profile = await db.holderProfile.findUnique({ where: { userId }, select: { id: true } });
  if (!profile) return [];
  const [events, credentials] = await Promise.all([
    db.lifeEvent.findMany({ where: { profileId: profile.id }, orderBy: { id: "desc" }, take: MAX_ITEMS }),
    db.credential.findMany({
      where: { profileId: profile.id },
      include: { verification: true },
      orderBy: { id: "desc" },
      take: MAX_ITEMS,
    }) as Promise<CredentialWithVerification[]>,
  ]);
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
      const item = toTimelineCredential(credential);
      return { type: "credential" as const, date: item.issued_on, credential: item, createdAt: credential.createdAt };
    }),
  ];
  items.sort(newestFirst);
  return items.slice(0, MAX_ITEMS).map(({ createdAt: _createdAt, ...item }) => item);
}

function newestFirst(a: { date: string | null; createdAt: Date }, b: { date: string | null; createdAt: Date }): number {
  if (a.date !== b.date) {
    if (a.date === null) return 1;
    if (b.date === null) return -1;
    return a.date < b.date ? 1 : -1;
  }
  return b.createdAt.getTime() - a.createdAt.getTime();
}
