import { z } from "zod";
import { lifeEventSchema } from "../life-events/life-event-schema";

export const timelineCredentialSchema = z
  .object({
    id: z.string().meta({ example: "crd_01jd9x3k2q7w8e5r4t6y1u2i3o" }),
    label: z.string(),
    category: z.string(),
    verification_id: z.string(),
    verdict: z.string().nullable(),
    doc_type: z.string().nullable(),
    issuer: z.string().nullable().meta({ description: "The institution or employer as read from the document." }),
    issued_on: z
      .string()
      .meta({ format: "date" })
      .nullable()
      .meta({ description: "The document's graduation or issue date." }),
    verified_at: z.string().meta({ format: "date-time" }).nullable(),
    is_public: z.boolean(),
    is_sample: z.boolean().meta({ description: "Claimed from a test-mode verification: shown only to its holder." }),
  })
  .meta({ id: "TimelineCredential" });

export const timelineItemSchema = z
  .discriminatedUnion("type", [
    z.object({
      type: z.literal("life_event"),
      date: z.string().meta({ format: "date" }).nullable(),
      life_event: lifeEventSchema,
    }),
    z.object({
      type: z.literal("credential"),
      date: z.string().meta({ format: "date" }).nullable(),
      credential: timelineCredentialSchema,
    }),
  ])
  .meta({ id: "TimelineItem" });

export const timelineSchema = z
  .object({
    object: z.literal("timeline"),
    data: z.array(timelineItemSchema).meta({
      description: "Newest first by end, start or issue date (an ongoing event by its start); undated items last.",
    }),
  })
  .meta({ id: "Timeline" });

export type TimelineItem = z.output<typeof timelineItemSchema>;
