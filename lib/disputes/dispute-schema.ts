import { z } from "zod";

/** What file-dispute.ts toApiDispute() answers. */
export const disputeSchema = z
  .object({
    dispute_id: z.int(),
    verification_id: z.string(),
    status: z.enum(["pending", "upheld", "rejected", "withdrawn"]),
    reason: z.string(),
    resolution_note: z.string().nullable(),
    created_at: z.string().meta({ format: "date-time" }),
    resolved_at: z.string().meta({ format: "date-time" }).nullable(),
  })
  .meta({ id: "Dispute" });
