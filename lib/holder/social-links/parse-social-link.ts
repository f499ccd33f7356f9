// POST /holder/social-links/{link_id}/parse: reads what the address itself says (the handle, an
// ORCID iD with its check digit) and stores it. Offline by design: nothing is fetched, so no page
// is scraped and no request leaves the server. A profile address names an account; it does not say
// where someone studied or worked, so no life event can honestly be derived from it.
import type { DbClient } from "../../db";
import { ApiError } from "../../http/errors";
import { getSocialLinkOrThrow } from "./get-social-link-or-throw";
import { checkPlatformUrl, platformLabel } from "./platforms";
import { isSocialPlatform, toApiSocialLink } from "./serialize";

const NO_EVENTS =
  "Read from the address alone, nothing fetched. An address names an account, not a dated event, so no life " +
  "event was created: add education and work on the timeline, or upload a CV.";

export async function parseSocialLink(db: DbClient, userId: string, linkId: string, now = new Date()) {
  const link = await getSocialLinkOrThrow(db, userId, linkId);
  const platform = isSocialPlatform(link.platform) ? link.platform : "website";
  const checked = checkPlatformUrl(platform, link.url);
  if (!checked.ok) {
    throw new ApiError(
      "invalid_request",
      `The stored address is not a ${platformLabel(platform)} profile address (${checked.message}) Replace it with POST /holder/social-links.`,
    );
  }
  const updated = await db.socialLink.update({
    where: { id: link.id },
    data: { handle: checked.handle, parsedAt: now },
  });
  const what = checked.handle
    ? `The address names ${platformLabel(platform)} ${platform === "orcid" ? "iD" : "account"} ${checked.handle}.`
    : "A personal site's address names no account.";
  return {
    link: toApiSocialLink(updated),
    parsed: { platform, handle: checked.handle, orcid_id: platform === "orcid" ? checked.handle : null },
    life_events: [] as { id: string; title: string }[],
    note: `${what} ${NO_EVENTS}`,
  };
}
