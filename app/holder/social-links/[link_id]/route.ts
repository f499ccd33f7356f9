import { z } from "zod";
import { withApp } from "@/lib/api/app-api";
import { json } from "@/lib/http/response";
import { deleteSocialLink } from "@/lib/holder/social-links/delete-social-link";
import { SocialLinkParams } from "@/lib/holder/social-links/social-link-schema";

export const dynamic = "force-dynamic";

const deletedSchema = z
  .object({ id: z.string(), object: z.literal("social_link"), deleted: z.literal(true) })
  .meta({ id: "DeletedSocialLink" });

export const DELETE = withApp(
  {
    operationId: "deleteSocialLink",
    summary: "Delete a social link",
    description: "Also clears the profile's matching URL (website, LinkedIn, GitHub, X, ORCID).",
    tag: "holder",
    access: "user",
    params: SocialLinkParams,
    responses: { 200: { description: "The link is gone.", schema: deletedSchema } },
    errors: ["not_found"],
  },
  async ({ db, user, params }) => {
    await deleteSocialLink(db, user.id, params.link_id);
    return json({ id: params.link_id, object: "social_link", deleted: true });
  },
);
