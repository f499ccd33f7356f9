import type { HolderProfile } from "../../db";
import { timestamp } from "../../http/response";
import { avatarUrl } from "../avatar/avatar-files";
import { PROFILE_LANGUAGES, type ProfileLanguage } from "./profile-schema";

export type ProfileWithAliases = HolderProfile & { slugAliases: { slug: string; createdAt: Date }[] };

/** Prisma `include` that loads what toApiProfile needs. */
export const PROFILE_INCLUDE = {
  slugAliases: { select: { slug: true, createdAt: true }, orderBy: { createdAt: "desc" } },
} as const;

export const publicProfilePath = (slug: string) => `/u/${slug}`;

const language = (value: string): ProfileLanguage =>
  (PROFILE_LANGUAGES as readonly string[]).includes(value) ? (value as ProfileLanguage) : "en";

export function toApiProfile(profile: ProfileWithAliases) {
  return {
    id: profile.id,
    object: "holder_profile" as const,
    slug: profile.slug,
    public_url: publicProfilePath(profile.slug),
    previous_slugs: profile.slugAliases.map((alias) => alias.slug),
    display_name: profile.displayName,
    headline: profile.headline,
    bio: profile.bio,
    location: profile.location,
    avatar_url: profile.avatarKey ? avatarUrl(profile.avatarKey) : null,
    website_url: profile.websiteUrl,
    linkedin_url: profile.linkedinUrl,
    github_url: profile.githubUrl,
    twitter_url: profile.twitterUrl,
    orcid_url: profile.orcidUrl,
    is_public: profile.isPublic,
    language: language(profile.language),
    view_count: profile.viewCount,
    created_at: timestamp(profile.createdAt),
    updated_at: timestamp(profile.updatedAt),
  };
}

export type ApiProfile = ReturnType<typeof toApiProfile>;
