import { withApp } from "@/lib/api/app-api";
import { json } from "@/lib/http/response";
import { achievementCheckSchema } from "@/lib/holder/achievements/achievement-schema";
import { checkAchievements } from "@/lib/holder/achievements/check-achievements";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const POST = withApp(
  {
    operationId: "checkHolderAchievements",
    summary: "Unlock what the holder's profile now earns",
    description: "Sample credentials (test mode) never count. Each achievement unlocks once.",
    tag: "holder",
    access: "user",
    responses: { 200: { description: "The achievements this check unlocked.", schema: achievementCheckSchema } },
  },
  async ({ db, user }) => json({ object: "achievement_check", newly_unlocked: await checkAchievements(db, user.id) }),
);
