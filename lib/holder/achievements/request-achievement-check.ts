// Called after anything that can unlock an achievement (a life event added, a CV parsed, a
// credential claimed or published, the profile updated). The check runs in the background; a
// check that could not be queued is logged, not raised: the action that called it has succeeded,
// and the next check (or POST /holder/achievements/check) catches up.
import { enqueueJob } from "../../jobs";
import { errorFields, log } from "../../log";
import { checkAchievementsJob } from "./check-achievements-job";

export async function requestAchievementCheck(userId: string): Promise<void> {
  try {
    await enqueueJob(checkAchievementsJob, { userId });
  } catch (error) {
    log.error("achievement check could not be queued", { userId, ...errorFields(error) });
  }
}
