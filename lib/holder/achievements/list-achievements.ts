import type { DbClient } from "../../db";
import { ACHIEVEMENTS } from "./catalogue";
import { toApiAchievement } from "./serialize";

/** The whole catalogue, in its order, each with whether and when the user unlocked it. */
export async function listAchievements(db: DbClient, userId: string) {
  const rows = await db.achievement.findMany({ where: { userId } });
  const byKey = new Map(rows.map((row) => [row.key, row]));
  return ACHIEVEMENTS.map((definition) => toApiAchievement(definition, byKey.get(definition.key)));
}
