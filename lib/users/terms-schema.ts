import { z } from "zod";

/** What terms.ts tosStatus() answers. */
export const tosStatusSchema = z
  .object({
    accepted: z.boolean(),
    accepted_at: z.string().meta({ format: "date-time" }).nullable(),
    accepted_version: z.string().nullable(),
    current_version: z.string(),
  })
  .meta({ id: "TosStatus" });
