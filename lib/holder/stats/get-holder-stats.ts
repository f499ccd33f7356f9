// GET /holder/stats: what the holder's dashboard counts. Public credentials are the ones the public
// profile can show (a sample never is); recent views are visitor-days of the last 30 UTC days.
import { z } from "zod";
import type { DbClient } from "../../db";
import { getProfileOrThrow } from "../get-profile-or-throw";
import { viewDay } from "../record-profile-view";
import { SHOWN_PUBLICLY } from "../public/shown-publicly";

export const RECENT_VIEW_DAYS = 30;

export const holderStatsSchema = z
  .object({
    credential_count: z.int(),
    public_credential_count: z
      .int()
      .meta({ description: "Credentials the public profile shows: public, never samples, live and VERIFIED." }),
    profile_view_count: z.int().meta({ description: "All views of the public profile, one per visitor per day." }),
    profile_views_last_30_days: z.int().meta({ description: "Views in the last 30 days (UTC), today included." }),
    is_public: z.boolean(),
  })
  .meta({ id: "HolderStats" });

export async function getHolderStats(db: DbClient, userId: string, now = new Date()) {
  const profile = await getProfileOrThrow(db, userId);
  const since = viewDay(new Date(now.getTime() - (RECENT_VIEW_DAYS - 1) * 86_400_000));
  const [credentials, publicCredentials, recentViews] = await Promise.all([
    db.credential.count({ where: { profileId: profile.id } }),
    db.credential.count({ where: { profileId: profile.id, ...SHOWN_PUBLICLY } }),
    db.profileView.count({ where: { profileId: profile.id, day: { gte: since } } }),
  ]);
  return {
    credential_count: credentials,
    public_credential_count: publicCredentials,
    profile_view_count: profile.viewCount,
    profile_views_last_30_days: recentViews,
    is_public: profile.isPublic,
  };
}
