// The wire format of disputes: the owner's record (POST /gdpr/dispute/{id}), the admin queue
// (GET /gdpr/admin/disputes) and the resolution (POST /gdpr/admin/disputes/{id}/resolve).
import { z } from "zod";
import { optionalTextField } from "../http/text-fields";
import { verificationSummarySchema } from "../verifications/public-verification-schema";
import { verdictSchema } from "../verifications/verification-schema";

export const DISPUTE_STATUSES = ["pending", "upheld", "rejected", "withdrawn"] as const;
export const RESOLUTION_NOTE_MAX = 2000;
const dateTime = z.string().meta({ format: "date-time" });

/** What serialize.ts toApiDispute() answers. */
export const disputeSchema = z
  .object({
    dispute_id: z.int(),
    verification_id: z.string(),
    status: z.enum(DISPUTE_STATUSES),
    reason: z.string(),
    resolution_note: z.string().nullable(),
    original_verdict: verdictSchema
      .nullable()
      .meta({ description: "Upheld: the automated verdict the dispute corrected." }),
    corrected_verdict: verdictSchema.nullable().meta({ description: "Upheld: the verdict an admin set." }),
    created_at: dateTime,
    resolved_at: dateTime.nullable(),
  })
  .meta({ id: "Dispute" });

export const adminDisputeSchema = disputeSchema
  .extend({
    resolved_by: z.string().nullable().meta({ description: "The resolving admin's e-mail, or null." }),
    verification: verificationSummarySchema,
  })
  .meta({ id: "AdminDispute" });

export const disputeQueueQuerySchema = z.strictObject({
  status: z
    .enum(DISPUTE_STATUSES, { message: `status must be one of ${DISPUTE_STATUSES.join(", ")}` })
    .optional()
    .meta({ description: "Only disputes in this status." }),
  limit: z.coerce
    .number({ message: "limit must be a whole number from 1 to 1000" })
    .int({ message: "limit must be a whole number from 1 to 1000" })
    .min(1, { message: "limit must be at least 1" })
    .max(1000, { message: "limit must be at most 1000" })
    .default(200),
});

export const disputeQueueSchema = z
  .object({ items: z.array(adminDisputeSchema), total: z.int().min(0), limit: z.int() })
  .meta({ id: "DisputeQueue", description: "Pending disputes oldest first; resolved ones newest first." });

export const disputeParamsSchema = z.strictObject({
  dispute_id: z.coerce
    .number({ message: "dispute_id must be a whole number" })
    .int({ message: "dispute_id must be a whole number" })
    .min(1, { message: "dispute_id must be a whole number" })
    .max(2_147_483_647, { message: "dispute_id must be a whole number" }),
});

export const resolveDisputeSchema = z
  .strictObject({
    outcome: z.enum(["upheld", "rejected", "withdrawn"], {
      message: "outcome must be upheld, rejected or withdrawn",
    }),
    resolution_note: optionalTextField(RESOLUTION_NOTE_MAX, "resolution_note"),
    corrected_verdict: verdictSchema.optional().meta({
      description: "Required when upheld: the verdict the document should have had. Not allowed otherwise.",
    }),
  })
  .refine((b) => b.outcome !== "upheld" || b.corrected_verdict !== undefined, {
    message: "corrected_verdict is required when the outcome is upheld",
    path: ["corrected_verdict"],
  })
  .refine((b) => b.outcome === "upheld" || b.corrected_verdict === undefined, {
    message: "corrected_verdict is only for an upheld dispute",
    path: ["corrected_verdict"],
  })
  .meta({ id: "ResolveDisputeRequest" });

export type ResolveDisputeInput = z.output<typeof resolveDisputeSchema>;
