// GET /holder/timeline: the holder's life events and credentials (samples included: it is their
// own view), merged newest first.
import type { DbClient } from "../../db";
import { CREDENTIAL_INCLUDE } from "../credentials/serialize-credential";
import { MAX_TIMELINE_ITEMS, mergeTimeline } from "./merge-timeline";
import type { TimelineItem } from "./timeline-schema";

export async function getTimeline(db: DbClient, userId: string): Promise<TimelineItem[]> {
  const profile = await db.holderProfile.findUnique({ where: { userId }, select: { id: true } });
  if (!profile) return [];
  const [events, credentials] = await Promise.all([
    db.lifeEvent.findMany({ where: { profileId: profile.id }, orderBy: { id: "desc" }, take: MAX_TIMELINE_ITEMS }),
    db.credential.findMany({
      where: { profileId: profile.id },
      include: CREDENTIAL_INCLUDE,
      orderBy: { id: "desc" },
      take: MAX_TIMELINE_ITEMS,
    }),
  ]);
  return mergeTimeline(events, credentials);
}
