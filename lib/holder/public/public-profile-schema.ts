import { z } from "zod";
import { credentialSchema } from "../credentials/credential-schema";

export const SlugParams = z.strictObject({
  slug: z.string().min(1).max(100).meta({ description: "The profile's slug (or one it had before a rename)." }),
});

const url = z.string().nullable();

export const publicProfileSchema = z
  .object({
    object: z.literal("public_holder_profile"),
    slug: z.string().meta({ description: "The current slug." }),
    redirect_to: z
      .string()
      .nullable()
      .meta({ description: "Set when the requested slug is an old one: the current slug, to redirect to." }),
    public_url: z.string(),
    display_name: z.string(),
    headline: z.string().nullable(),
    bio: z.string().nullable(),
    location: z.string().nullable(),
    avatar_url: url,
    website_url: url,
    linkedin_url: url,
    github_url: url,
    twitter_url: url,
    orcid_url: url,
    credentials: z
      .array(credentialSchema)
      .meta({ description: "Public, non-sample credentials: pinned first, then display order." }),
  })
  .meta({ id: "PublicHolderProfile" });
