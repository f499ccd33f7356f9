import { z } from "zod";
import { getDb } from "../../db";
import { defineJob } from "../../jobs";
import { checkAchievements } from "./check-achievements";

export const checkAchievementsJob = defineJob({
  name: "holder.check-achievements",
  schema: z.object({ userId: z.string() }),
  lease: { seconds: 30 },
  handle: async ({ userId }) => {
    const db = await getDb();
    // A user erased meanwhile has nothing left to unlock (and no row to attach an unlock to).
    if (!(await db.user.findUnique({ where: { id: userId }, select: { id: true } }))) return;
    await checkAchievements(db, userId);
  },
});
