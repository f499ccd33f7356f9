// Request fields → HolderProfile columns (absent fields stay as they are).
import type { CreateProfileInput, UpdateProfileInput } from "./profile-schema";

export function profileData(input: Omit<UpdateProfileInput | CreateProfileInput, "slug">) {
  return {
    displayName: input.display_name,
    headline: input.headline,
    bio: input.bio,
    location: input.location,
    websiteUrl: input.website_url,
    linkedinUrl: input.linkedin_url,
    githubUrl: input.github_url,
    twitterUrl: input.twitter_url,
    orcidUrl: input.orcid_url,
    isPublic: input.is_public,
    language: input.language,
  };
}
