import { z } from "zod";

export const achievementSchema = z
  .object({
    key: z.string().meta({ example: "first_credential" }),
    title: z.string(),
    description: z.string(),
    unlocked: z.boolean(),
    unlocked_at: z.string().meta({ format: "date-time" }).nullable(),
  })
  .meta({ id: "Achievement" });

export const achievementListSchema = z
  .object({ object: z.literal("list"), data: z.array(achievementSchema) })
  .meta({ id: "AchievementList" });

export const achievementCheckSchema = z
  .object({
    object: z.literal("achievement_check"),
    newly_unlocked: z
      .array(achievementSchema)
      .meta({ description: "Unlocked by this check; empty when nothing changed." }),
  })
  .meta({ id: "AchievementCheck" });
