import type { SocialLink } from "../../db";
import { timestamp } from "../../http/response";
import { platformLabel, SOCIAL_PLATFORMS, type SocialPlatform } from "./platforms";

export const isSocialPlatform = (value: string): value is SocialPlatform =>
  (SOCIAL_PLATFORMS as readonly string[]).includes(value);

export function toApiSocialLink(link: SocialLink) {
  const platform = isSocialPlatform(link.platform) ? link.platform : "website";
  return {
    id: link.id,
    object: "social_link" as const,
    platform,
    label: platformLabel(platform),
    url: link.url,
    handle: link.handle,
    parsed_at: link.parsedAt ? timestamp(link.parsedAt) : null,
    created_at: timestamp(link.createdAt),
    updated_at: timestamp(link.updatedAt),
  };
}
