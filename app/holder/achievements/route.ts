import { withApp } from "@/lib/api/app-api";
import { json } from "@/lib/http/response";
import { achievementListSchema } from "@/lib/holder/achievements/achievement-schema";
import { listAchievements } from "@/lib/holder/achievements/list-achievements";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = withApp(
  {
    operationId: "listHolderAchievements",
    summary: "Every achievement, with whether and when it was unlocked",
    tag: "holder",
    access: "user",
    responses: { 200: { description: "The catalogue in its order.", schema: achievementListSchema } },
  },
  async ({ db, user }) => json({ object: "list", data: await listAchievements(db, user.id) }),
);
