// POST /holder/biography/generate: writes the biography from the profile, its verified credentials
// (samples are never presented as achievements) and its life events, and caches it on the profile.
import type { DbClient } from "../../db";
import { timestamp } from "../../http/response";
import { documentFacts } from "../credentials/serialize-credential";
import { getProfileOrThrow } from "../get-profile-or-throw";
import { PROFILE_LANGUAGES, type ProfileLanguage } from "../profile/profile-schema";
import { toApiBiography, type StoredBiography } from "./biography-schema";
import { composeBiography } from "./compose-biography";

export async function generateBiography(db: DbClient, userId: string, now = new Date()) {
  const profile = await getProfileOrThrow(db, userId);
  const [credentials, lifeEvents] = await Promise.all([
    db.credential.findMany({
      where: { profileId: profile.id, isSample: false },
      include: { verification: true },
      orderBy: [{ isPinned: "desc" }, { displayOrder: "asc" }, { createdAt: "asc" }],
    }),
    db.lifeEvent.findMany({ where: { profileId: profile.id }, orderBy: { createdAt: "asc" } }),
  ]);
  const language: ProfileLanguage = (PROFILE_LANGUAGES as readonly string[]).includes(profile.language)
    ? (profile.language as ProfileLanguage)
    : "en";
  const paragraphs = composeBiography({
    language,
    displayName: profile.displayName,
    headline: profile.headline,
    location: profile.location,
    credentials: credentials.map((c) => ({ label: c.label, issuer: documentFacts(c.verification).issuer })),
    lifeEvents,
  });
  const stored: StoredBiography = {
    language,
    paragraphs,
    credential_count: credentials.length,
    life_event_count: lifeEvents.length,
  };
  await db.holderProfile.update({
    where: { id: profile.id },
    data: { biography: stored, biographyGeneratedAt: now },
  });
  return toApiBiography(stored, now, timestamp);
}
