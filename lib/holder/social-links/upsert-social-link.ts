// POST /holder/social-links: one link per platform; sending a platform again replaces its address
// (and forgets what was parsed from the old one). The platforms the profile has a field for
// (website, LinkedIn, GitHub, X, ORCID) fill that field too, so the profile header shows them.
import type { Db } from "../../db";
import { ApiError } from "../../http/errors";
import { newId } from "../../ids";
import { checkPlatformUrl, PROFILE_URL_FIELDS } from "./platforms";
import type { CreateSocialLinkInput } from "./social-link-schema";

export async function upsertSocialLink(db: Db, userId: string, input: CreateSocialLinkInput) {
  const checked = checkPlatformUrl(input.platform, input.url);
  if (!checked.ok) {
    throw new ApiError("invalid_request", `url: ${checked.message}`, {
      issues: [{ loc: ["body", "url"], msg: checked.message, type: "custom" }],
    });
  }
  const field = PROFILE_URL_FIELDS[input.platform as keyof typeof PROFILE_URL_FIELDS];
  return db.$transaction(async (tx) => {
    const existing = await tx.socialLink.findUnique({
      where: { userId_platform: { userId, platform: input.platform } },
    });
    // An upsert (ON CONFLICT on user and platform): two first requests for a platform make one link.
    const link =
      existing?.url === checked.url
        ? existing
        : await tx.socialLink.upsert({
            where: { userId_platform: { userId, platform: input.platform } },
            create: { id: newId("socialLink"), userId, platform: input.platform, url: checked.url },
            update: { url: checked.url, handle: null, parsedAt: null },
          });
    if (field) await tx.holderProfile.updateMany({ where: { userId }, data: { [field]: checked.url } });
    return { link, created: !existing };
  });
}
