import { z } from "zod";
import { credentialSchema } from "../credentials/credential-schema";
import { lifeEventSchema } from "../life-events/life-event-schema";

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
      credential: credentialSchema,
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
