import { z } from "zod";
import { getDb } from "../db";
import { defineJob } from "../jobs";
import { log } from "../log";
import { expireDueGraces } from "./expire-due-graces";

export const expireGracesJob = defineJob({
  name: "billing.expire-graces",
  schema: z.object({}),
  lease: { seconds: 120 },
  handle: async () => {
    const expired = await expireDueGraces(await getDb());
    if (expired > 0) log.info("lapsed payment grace periods applied: accounts moved to free", { count: expired });
  },
});

/** Hourly: a lapsed grace ends within the hour even when nobody looks (embedded: pg-boss's cron; Inngest: a cron function). */
export const EXPIRE_GRACES_CRON = "17 * * * *";
