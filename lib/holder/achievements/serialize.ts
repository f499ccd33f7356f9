import type { Achievement } from "../../db";
import { timestamp } from "../../http/response";
import type { AchievementDefinition } from "./catalogue";

export function toApiAchievement(definition: AchievementDefinition, row: Pick<Achievement, "unlockedAt"> | undefined) {
  return {
    key: definition.key,
    title: definition.title,
    description: definition.description,
    unlocked: row !== undefined,
    unlocked_at: row ? timestamp(row.unlockedAt) : null,
  };
}
