import { withApp } from "@/lib/api/app-api";
import { json } from "@/lib/http/response";
import { parseSocialLink } from "@/lib/holder/social-links/parse-social-link";
import { parsedSocialLinkSchema, SocialLinkParams } from "@/lib/holder/social-links/social-link-schema";

export const dynamic = "force-dynamic";

export const POST = withApp(
  {
    operationId: "parseSocialLink",
    summary: "Read what a social link's address says",
    description:
      "Offline: the handle (or the ORCID iD, check digit validated) is read from the address itself and stored; no " +
      "page is fetched. An address names an account, not a dated event, so `life_events` is empty and `note` says why.",
    tag: "holder",
    access: "user",
    params: SocialLinkParams,
    responses: {
      200: { description: "The link with its handle, and what was derived.", schema: parsedSocialLinkSchema },
    },
    errors: ["not_found"],
  },
  async ({ db, user, params }) => json(await parseSocialLink(db, user.id, params.link_id)),
);
