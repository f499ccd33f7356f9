// What /u/<slug> renders, read once: the public profile (GET /holder/public/{slug}'s answer), its
// links and its timeline (life events and the public credentials only). An old slug answers only
// where to redirect; a private profile or an unknown slug answers null (the page's 404).
import type { DbClient } from "../../db";
import { mergeTimeline, MAX_TIMELINE_ITEMS } from "../timeline/merge-timeline";
import { findPublicProfile, toPublicProfile } from "./public-profile";
import { publicLinks } from "./public-links";

export async function getPublicProfilePage(db: DbClient, slug: string) {
  const found = await findPublicProfile(db, slug);
  if (!found) return null;
  if (found.redirectTo) return { redirectTo: found.redirectTo } as const;
  const { profile } = found;
  const [events, socialLinks] = await Promise.all([
    db.lifeEvent.findMany({ where: { profileId: profile.id }, orderBy: { id: "desc" }, take: MAX_TIMELINE_ITEMS }),
    db.socialLink.findMany({ where: { userId: profile.userId } }),
  ]);
  return {
    redirectTo: null,
    profileId: profile.id,
    profile: toPublicProfile(found),
    links: publicLinks(profile, socialLinks),
    timeline: mergeTimeline(events, found.credentials),
  } as const;
}

export type PublicProfilePage = Extract<Awaited<ReturnType<typeof getPublicProfilePage>>, { redirectTo: null }>;
