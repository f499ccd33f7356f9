// What the achievement predicates look at, read in one pass. Sample credentials (claimed from
// test-mode verifications) are left out of every count: test mode never produces trust
// (DESIGN.md), so it never unlocks anything either.
import type { DbClient } from "../../db";

export interface AchievementState {
  hasProfile: boolean;
  profilePublic: boolean;
  /** Display name, headline, bio, location and avatar all set. */
  profileComplete: boolean;
  credentials: number;
  /** Live credentials shown on a public profile with a badge anyone can check. */
  publicBadges: number;
  lifeEvents: number;
  lifeEventKinds: ReadonlySet<string>;
  parsedCvs: number;
}

export async function readAchievementState(db: DbClient, userId: string): Promise<AchievementState> {
  const profile = await db.holderProfile.findUnique({ where: { userId } });
  const parsedCvs = await db.cvUpload.count({ where: { userId, status: "parsed" } });
  if (!profile) {
    return {
      hasProfile: false,
      profilePublic: false,
      profileComplete: false,
      credentials: 0,
      publicBadges: 0,
      lifeEvents: 0,
      lifeEventKinds: new Set(),
      parsedCvs,
    };
  }
  const live = { profileId: profile.id, isSample: false };
  const [credentials, publicBadges, kinds] = await Promise.all([
    db.credential.count({ where: live }),
    profile.isPublic ? db.credential.count({ where: { ...live, isPublic: true, badge: { isNot: null } } }) : 0,
    db.lifeEvent.groupBy({ by: ["kind"], where: { profileId: profile.id }, _count: { _all: true } }),
  ]);
  const filled = (v: string | null) => v !== null && v.trim() !== "";
  return {
    hasProfile: true,
    profilePublic: profile.isPublic,
    profileComplete: [profile.displayName, profile.headline, profile.bio, profile.location, profile.avatarKey].every(
      filled,
    ),
    credentials,
    publicBadges,
    lifeEvents: kinds.reduce((n, k) => n + k._count._all, 0),
    lifeEventKinds: new Set(kinds.map((k) => k.kind)),
    parsedCvs,
  };
}
