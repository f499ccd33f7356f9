// The public face of a holder (GET /holder/public/{slug}, /u/<slug>): the profile's public fields
// and its public, non-sample credentials, pinned first then in display order. A private profile is
// the same 404 as a slug nobody has; an old slug finds the profile and names the current one.
import type { DbClient, HolderProfile } from "../../db";
import { avatarUrl } from "../avatar/avatar-files";
import { CREDENTIAL_INCLUDE, CREDENTIAL_ORDER, toApiCredential } from "../credentials/serialize-credential";
import { resolveProfileSlug } from "../profile/resolve-profile-slug";
import { publicProfilePath } from "../profile/serialize";
import { SHOWN_PUBLICLY } from "./shown-publicly";

export async function findPublicProfile(db: DbClient, slug: string) {
  const resolved = await resolveProfileSlug(db, slug);
  if (!resolved || !resolved.profile.isPublic) return null;
  const { profile } = resolved;
  const credentials = await db.credential.findMany({
    where: { profileId: profile.id, ...SHOWN_PUBLICLY },
    include: CREDENTIAL_INCLUDE,
    orderBy: [...CREDENTIAL_ORDER],
  });
  return { profile, redirectTo: resolved.redirectTo, credentials };
}

export function toPublicProfile(found: NonNullable<Awaited<ReturnType<typeof findPublicProfile>>>) {
  const p: HolderProfile = found.profile;
  return {
    object: "public_holder_profile" as const,
    slug: p.slug,
    redirect_to: found.redirectTo,
    public_url: publicProfilePath(p.slug),
    display_name: p.displayName,
    headline: p.headline,
    bio: p.bio,
    location: p.location,
    avatar_url: p.avatarKey ? avatarUrl(p.avatarKey) : null,
    website_url: p.websiteUrl,
    linkedin_url: p.linkedinUrl,
    github_url: p.githubUrl,
    twitter_url: p.twitterUrl,
    orcid_url: p.orcidUrl,
    credentials: found.credentials.map(toApiCredential),
  };
}

export type PublicProfile = ReturnType<typeof toPublicProfile>;
