import { z } from "zod";
import { PROFILE_LANGUAGES } from "../profile/profile-schema";

/** What HolderProfile.biography holds (and GET /holder/biography answers with its date). */
export const storedBiographySchema = z.object({
  language: z.enum(PROFILE_LANGUAGES),
  paragraphs: z.array(z.string()),
  credential_count: z.int(),
  life_event_count: z.int(),
});
export type StoredBiography = z.infer<typeof storedBiographySchema>;

export const biographySchema = z
  .object({
    object: z.literal("biography"),
    generator: z.literal("template").meta({ description: "Written by a deterministic template, no language model." }),
    language: z.enum(PROFILE_LANGUAGES),
    text: z.string().meta({ description: "The paragraphs joined by blank lines." }),
    paragraphs: z.array(z.string()),
    credential_count: z.int().meta({ description: "Verified credentials it names (samples never)." }),
    life_event_count: z.int(),
    generated_at: z.string().meta({ format: "date-time" }),
  })
  .meta({ id: "Biography" });

export function toApiBiography(stored: StoredBiography, generatedAt: Date, timestamp: (d: Date) => string) {
  return {
    object: "biography" as const,
    generator: "template" as const,
    language: stored.language,
    text: stored.paragraphs.join("\n\n"),
    paragraphs: stored.paragraphs,
    credential_count: stored.credential_count,
    life_event_count: stored.life_event_count,
    generated_at: timestamp(generatedAt),
  };
}
