// The wire format of a holder profile: requests of POST/PATCH /holder/profile and the profile object
// every /holder answer that shows one uses.
import { z } from "zod";
import { credentialSchema } from "../credentials/credential-schema";
import { checkPlatformUrl, type SocialPlatform } from "../social-links/platforms";
import { SLUG_MAX, SLUG_MIN } from "./slug";

/** Languages the generated biography is written in (ISO 639-1). */
export const PROFILE_LANGUAGES = ["en", "fr", "de", "es", "it", "pt", "nl", "pl", "hr"] as const;
export type ProfileLanguage = (typeof PROFILE_LANGUAGES)[number];

export const DISPLAY_NAME_MAX = 100;
export const HEADLINE_MAX = 160;
export const BIO_MAX = 2000;
export const LOCATION_MAX = 120;

/** Free text: trimmed, and empty means "none". */
const text = (max: number, what: string) =>
  z
    .string()
    .trim()
    .max(max, `${what} is limited to ${max} characters.`)
    .transform((value) => (value === "" ? null : value))
    .nullable();

/** A profile URL field: an https address of its platform, stored in canonical form; empty clears it. */
const platformUrl = (platform: SocialPlatform, description: string) =>
  z
    .string()
    .trim()
    .transform((value, ctx) => {
      if (value === "") return null;
      const checked = checkPlatformUrl(platform, value);
      if (checked.ok) return checked.url;
      ctx.issues.push({ code: "custom", message: checked.message, input: value });
      return z.NEVER;
    })
    .nullable()
    .meta({ description, format: "uri" });

export const slugInput = z
  .string()
  .trim()
  .toLowerCase()
  .meta({
    description: `The public address /u/<slug>: ${SLUG_MIN}–${SLUG_MAX} lower-case letters, digits and single hyphens; not a reserved word. Derived from the display name when omitted.`,
    example: "ada-lovelace",
  });

const editable = {
  headline: text(HEADLINE_MAX, "The headline").optional().meta({ description: "One line under the name." }),
  bio: text(BIO_MAX, "The bio").optional(),
  location: text(LOCATION_MAX, "The location").optional(),
  website_url: platformUrl("website", "Personal site (https).").optional(),
  linkedin_url: platformUrl("linkedin", "https://www.linkedin.com/in/<name>").optional(),
  github_url: platformUrl("github", "https://github.com/<name>").optional(),
  twitter_url: platformUrl("twitter", "https://x.com/<name> or https://twitter.com/<name>").optional(),
  orcid_url: platformUrl("orcid", "https://orcid.org/<iD>, check digit validated.").optional(),
  is_public: z
    .boolean()
    .optional()
    .meta({ description: "Whether /u/<slug> and the avatar are shown to everyone (default true)." }),
  language: z
    .enum(PROFILE_LANGUAGES)
    .optional()
    .meta({ description: "Language of the generated biography (default en)." }),
};

const displayName = z
  .string()
  .trim()
  .min(1, "The display name cannot be empty.")
  .max(DISPLAY_NAME_MAX, `The display name is limited to ${DISPLAY_NAME_MAX} characters.`);

export const CreateProfileRequest = z
  .strictObject({ display_name: displayName, slug: slugInput.optional(), ...editable })
  .meta({ id: "CreateProfileRequest" });
export type CreateProfileInput = z.output<typeof CreateProfileRequest>;

export const UpdateProfileRequest = z
  .strictObject({ display_name: displayName.optional(), slug: slugInput.optional(), ...editable })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: "Send at least one field to change.",
  })
  .meta({ id: "UpdateProfileRequest" });
export type UpdateProfileInput = z.output<typeof UpdateProfileRequest>;

const url = z.string().nullable();

export const holderProfileSchema = z
  .object({
    id: z.string().meta({ example: "hpr_01jd9x3k2q7w8e5r4t6y1u2i3o" }),
    object: z.literal("holder_profile"),
    slug: z.string(),
    public_url: z.string().meta({ description: "The public page, /u/<slug> (404 while the profile is private)." }),
    previous_slugs: z
      .array(z.string())
      .meta({ description: "Slugs used before a rename; /u/<old> still leads to this profile." }),
    display_name: z.string(),
    headline: z.string().nullable(),
    bio: z.string().nullable(),
    location: z.string().nullable(),
    avatar_url: url.meta({ description: "GET /holder/profile/avatar/<file>, or null." }),
    website_url: url,
    linkedin_url: url,
    github_url: url,
    twitter_url: url,
    orcid_url: url,
    is_public: z.boolean(),
    language: z.enum(PROFILE_LANGUAGES),
    view_count: z.int().meta({ description: "Views of the public page, one per visitor per day." }),
    created_at: z.string().meta({ format: "date-time" }),
    updated_at: z.string().meta({ format: "date-time" }),
  })
  .meta({ id: "HolderProfile" });

export const ownProfileSchema = z
  .object({
    profile: holderProfileSchema,
    credentials: z.array(credentialSchema).meta({ description: "Pinned first, then display order." }),
  })
  .meta({ id: "OwnHolderProfile" });
