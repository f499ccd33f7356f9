// Unlocks what the user's state now satisfies. Each unlock happens once: the insert skips a key
// the user already has (unique user+key), so two checks at once unlock it once, and each answers
// only the rows it inserted itself. Unlocks are never taken back.
import type { DbClient } from "../../db";
import { newId } from "../../ids";
import { readAchievementState } from "./achievement-state";
import { ACHIEVEMENTS } from "./catalogue";
import { toApiAchievement } from "./serialize";

export async function checkAchievements(db: DbClient, userId: string) {
  const [state, held] = await Promise.all([
    readAchievementState(db, userId),
    db.achievement.findMany({ where: { userId }, select: { key: true } }),
  ]);
  const have = new Set(held.map((row) => row.key));
  const due = ACHIEVEMENTS.filter((a) => !have.has(a.key) && a.unlocked(state));
  if (due.length === 0) return [];
  const inserted = await db.achievement.createManyAndReturn({
    data: due.map((a) => ({ id: newId("achievement"), userId, key: a.key })),
    skipDuplicates: true,
  });
  const byKey = new Map(inserted.map((row) => [row.key, row]));
  return due.filter((a) => byKey.has(a.key)).map((a) => toApiAchievement(a, byKey.get(a.key)));
}
