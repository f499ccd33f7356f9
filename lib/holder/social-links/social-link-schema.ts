import { z } from "zod";
import { MAX_URL_LENGTH, SOCIAL_PLATFORMS } from "./platforms";

export const SocialLinkParams = z.strictObject({
  link_id: z.string().min(1).max(100).meta({ description: "The link's id (scl_…)." }),
});

export const CreateSocialLinkRequest = z
  .strictObject({
    platform: z
      .enum(SOCIAL_PLATFORMS)
      .meta({ description: "One link per platform: sending a platform again replaces its link." }),
    url: z
      .string()
      .trim()
      .min(1, "The url cannot be empty.")
      .max(MAX_URL_LENGTH)
      .meta({ description: "An https profile address on the platform's own host, e.g. https://github.com/<name>." }),
  })
  .meta({ id: "CreateSocialLinkRequest" });
export type CreateSocialLinkInput = z.output<typeof CreateSocialLinkRequest>;

export const socialLinkSchema = z
  .object({
    id: z.string().meta({ example: "scl_01jd9x3k2q7w8e5r4t6y1u2i3o" }),
    object: z.literal("social_link"),
    platform: z.enum(SOCIAL_PLATFORMS),
    label: z.string().meta({ description: "The platform's name for display." }),
    url: z.string().meta({ description: "The address in canonical form (tracking parameters dropped)." }),
    handle: z.string().nullable().meta({ description: "What the address names, once parsed; null before." }),
    parsed_at: z.string().meta({ format: "date-time" }).nullable(),
    created_at: z.string().meta({ format: "date-time" }),
    updated_at: z.string().meta({ format: "date-time" }),
  })
  .meta({ id: "SocialLink" });

export const socialLinkListSchema = z
  .object({ object: z.literal("list"), data: z.array(socialLinkSchema) })
  .meta({ id: "SocialLinkList" });

export const parsedSocialLinkSchema = z
  .object({
    link: socialLinkSchema,
    parsed: z.object({
      platform: z.enum(SOCIAL_PLATFORMS),
      handle: z.string().nullable(),
      orcid_id: z
        .string()
        .nullable()
        .meta({ description: "The ORCID iD, check digit validated (ISO 7064 MOD 11-2); ORCID links only." }),
    }),
    life_events: z
      .array(z.object({ id: z.string(), title: z.string() }))
      .meta({ description: "Life events created from the link: what the address itself shows, nothing fetched." }),
    note: z.string().meta({ description: "What was and was not derived, and why." }),
  })
  .meta({ id: "ParsedSocialLink" });
