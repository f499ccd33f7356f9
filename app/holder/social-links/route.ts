import { withApp } from "@/lib/api/app-api";
import { json } from "@/lib/http/response";
import { listSocialLinks } from "@/lib/holder/social-links/list-social-links";
import { toApiSocialLink } from "@/lib/holder/social-links/serialize";
import {
  CreateSocialLinkRequest,
  socialLinkListSchema,
  socialLinkSchema,
} from "@/lib/holder/social-links/social-link-schema";
import { upsertSocialLink } from "@/lib/holder/social-links/upsert-social-link";

export const dynamic = "force-dynamic";

export const GET = withApp(
  {
    operationId: "listSocialLinks",
    summary: "The caller's social links",
    description: "At most one link per platform, in a fixed platform order.",
    tag: "holder",
    access: "user",
    responses: { 200: { description: "The links.", schema: socialLinkListSchema } },
  },
  async ({ db, user }) => json(await listSocialLinks(db, user.id)),
);

export const POST = withApp(
  {
    operationId: "upsertSocialLink",
    summary: "Create or replace the link of one platform",
    description:
      "The address must be https, on the platform's own host, and shaped like a person's profile there " +
      "(https://github.com/<name>, https://www.linkedin.com/in/<name>, https://orcid.org/<iD> with a valid check " +
      "digit, …); it is stored in canonical form. A new address forgets what was parsed from the old one. Website, " +
      "LinkedIn, GitHub, X and ORCID links also fill the profile's matching URL.",
    tag: "holder",
    access: "user",
    body: { json: CreateSocialLinkRequest },
    responses: {
      200: { description: "The platform's link, replaced.", schema: socialLinkSchema },
      201: { description: "The platform's link, created.", schema: socialLinkSchema },
    },
  },
  async ({ db, user, body }) => {
    const { link, created } = await upsertSocialLink(db, user.id, body);
    return json(toApiSocialLink(link), { status: created ? 201 : 200 });
  },
);
