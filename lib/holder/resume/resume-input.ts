// What the resume shows, read once: the profile, the live credentials (never samples: test mode
// never produces trust) with their public badge address when they have one, and the life events
// newest first.
import type { DbClient } from "../../db";
import { loadEnv } from "../../env";
import { CREDENTIAL_INCLUDE, CREDENTIAL_ORDER, toApiCredential } from "../credentials/serialize-credential";
import { getProfileOrThrow } from "../get-profile-or-throw";
import { isoDay } from "../life-events/serialize";

export async function readResumeInput(db: DbClient, userId: string) {
  const profile = await getProfileOrThrow(db, userId);
  const base = loadEnv().APP_URL.replace(/\/$/, "");
  const [credentials, events] = await Promise.all([
    db.credential.findMany({
      where: { profileId: profile.id, isSample: false },
      include: CREDENTIAL_INCLUDE,
      orderBy: [...CREDENTIAL_ORDER],
    }),
    db.lifeEvent.findMany({
      where: { profileId: profile.id },
      orderBy: [{ endDate: { sort: "desc", nulls: "first" } }, { startDate: { sort: "desc", nulls: "last" } }],
    }),
  ]);
  return {
    profile: {
      displayName: profile.displayName,
      headline: profile.headline,
      bio: profile.bio,
      location: profile.location,
      publicUrl: profile.isPublic ? `${base}/u/${profile.slug}` : null,
      slug: profile.slug,
    },
    credentials: credentials.map(toApiCredential).map((c) => ({
      id: c.credential_id,
      label: c.label,
      issuer: c.issuer,
      issuedOn: c.issued_on,
      verifiedAt: c.verified_at,
      // A badge is shown only while the credential and the profile are public, as its page is.
      badgeUrl: c.badge_url && c.is_public && profile.isPublic ? `${base}${c.badge_url}` : null,
    })),
    events: events.map((e) => ({
      id: e.id,
      kind: e.kind,
      title: e.title,
      organization: e.organization,
      location: e.location,
      description: e.description,
      startDate: isoDay(e.startDate),
      endDate: isoDay(e.endDate),
    })),
    generatedOn: new Date().toISOString().slice(0, 10),
  };
}

export type ResumeInput = Awaited<ReturnType<typeof readResumeInput>>;
