import { z } from "zod";
import { getDb } from "../../db";
import { defineJob } from "../../jobs";
import { log } from "../../log";
import { failStuckCvParses } from "./fail-stuck-cv-parses";

export const sweepCvParsesJob = defineJob({
  name: "holder.sweep-cv-parses",
  schema: z.object({}),
  lease: { seconds: 60 },
  handle: async () => {
    const failed = await failStuckCvParses(await getDb());
    if (failed > 0) log.warn("CV parses stuck in parsing were failed", { count: failed });
  },
});

/** Every five minutes, from the schedule every instance keeps (embedded: pg-boss's cron; Inngest: a cron function). */
export const SWEEP_CV_PARSES_CRON = "*/5 * * * *";
