// The links a public profile shows: the holder's social links (every platform, in the platforms'
// order), then the profile's own URL fields that no social link already names (they can be typed
// in the profile form directly). Every address was checked as https on its platform when saved.
import type { HolderProfile, SocialLink } from "../../db";
import { platformLabel, SOCIAL_PLATFORMS } from "../social-links/platforms";
import { isSocialPlatform } from "../social-links/serialize";

export interface PublicLink {
  label: string;
  url: string;
}

const PROFILE_FIELDS = [
  ["websiteUrl", "Website"],
  ["linkedinUrl", "LinkedIn"],
  ["githubUrl", "GitHub"],
  ["twitterUrl", "X (Twitter)"],
  ["orcidUrl", "ORCID"],
] as const;

export function publicLinks(profile: HolderProfile, socialLinks: SocialLink[]): PublicLink[] {
  const rank = (platform: string) => (isSocialPlatform(platform) ? SOCIAL_PLATFORMS.indexOf(platform) : 99);
  const links: PublicLink[] = [...socialLinks]
    .sort((a, b) => rank(a.platform) - rank(b.platform))
    .map((link) => ({
      label: isSocialPlatform(link.platform) ? platformLabel(link.platform) : "Link",
      url: link.url,
    }));
  const seen = new Set(links.map((link) => link.url));
  for (const [field, label] of PROFILE_FIELDS) {
    const url = profile[field];
    if (url && !seen.has(url)) links.push({ label, url });
  }
  return links;
}
