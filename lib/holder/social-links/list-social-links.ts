import type { DbClient } from "../../db";
import { SOCIAL_PLATFORMS } from "./platforms";
import { isSocialPlatform, toApiSocialLink } from "./serialize";

/** The caller's links, in the platforms' fixed order (at most one per platform, so never long). */
export async function listSocialLinks(db: DbClient, userId: string) {
  const links = await db.socialLink.findMany({ where: { userId } });
  const rank = (platform: string) => (isSocialPlatform(platform) ? SOCIAL_PLATFORMS.indexOf(platform) : 99);
  links.sort((a, b) => rank(a.platform) - rank(b.platform));
  return { object: "list" as const, data: links.map(toApiSocialLink) };
}
