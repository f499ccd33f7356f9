// The wire format of human review: an owner or an admin corrects a verification's verdict and
// names the findings that were wrong; admins read override rates and decide the rule suggestions
// the learning engine draws from them.
import { z } from "zod";
import { DOC_TYPES, VERDICTS } from "../forensics/types";
import { textField } from "../http/text-fields";
import { verdictSchema } from "../verifications/verification-schema";

/** Verdicts a person can give: VERIFIED SAMPLE is test mode's, never a judgement. */
export const REVIEW_VERDICTS = VERDICTS.filter((v) => v !== "VERIFIED SAMPLE") as Exclude<
  (typeof VERDICTS)[number],
  "VERIFIED SAMPLE"
>[];
export type ReviewVerdict = (typeof REVIEW_VERDICTS)[number];

export const LIMITS = { reasonMin: 3, reason: 2000, wrongChecks: 50, note: 2000 } as const;

const dateTime = z.string().meta({ format: "date-time" });

export const submitReviewSchema = z
  .strictObject({
    verification_id: z.string().trim().min(1, { message: "verification_id is required" }).max(64),
    verdict: z.enum(REVIEW_VERDICTS, { message: `must be one of ${REVIEW_VERDICTS.join(", ")}` }).meta({
      description: "The verdict the reviewer holds to be right; the engine's own verdict confirms it.",
    }),
    reason: textField(LIMITS.reason, "reason").min(LIMITS.reasonMin, {
      message: `reason must say why, in at least ${LIMITS.reasonMin} characters`,
    }),
    wrong_checks: z
      .array(z.string().trim().min(1).max(100))
      .max(LIMITS.wrongChecks, { message: `at most ${LIMITS.wrongChecks} checks` })
      .default([])
      .meta({
        description:
          "Checks of the report's findings (e.g. `pdf.producer`) the reviewer holds wrong; each must be one the report has.",
      }),
  })
  .meta({ id: "SubmitReviewRequest" });

export type SubmitReviewInput = z.output<typeof submitReviewSchema>;

export const reviewerSchema = z.enum(["owner", "admin"]).meta({
  description: "Who reviewed: the verification's owner, or an administrator.",
});

export const reviewSchema = z
  .object({
    id: z.string().meta({ example: "rev_01jd9x3k2q7w8e5r4t6y1u2i3o" }),
    object: z.literal("review"),
    verification_id: z.string(),
    file_name: z.string().nullable(),
    doc_type: z.string().nullable(),
    reviewer: reviewerSchema,
    original_verdict: verdictSchema,
    verdict: verdictSchema,
    overrides: z.boolean().meta({ description: "Whether the verdict differs from the original (false: confirmed)." }),
    reason: z.string(),
    wrong_checks: z.array(z.string()),
    created_at: dateTime,
  })
  .meta({ id: "Review" });

/**
 * The owner-side overlay of a verification (reviewed-verdict.ts): the verdict its latest review
 * gave, who gave it and why. The public verdict (share page, badge, claim, issuer) is never this.
 */
export const reviewedVerdictSchema = z
  .object({
    review_id: z.string(),
    verdict: verdictSchema,
    original_verdict: verdictSchema.meta({ description: "The verdict everyone else sees, kept." }),
    reviewer: reviewerSchema,
    reviewer_email: z.string().nullable().meta({ description: "Shown for the owner's own reviews only." }),
    reason: z.string(),
    reviewed_at: dateTime,
  })
  .meta({ id: "ReviewedVerdict" });

export const reviewHistoryQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(100).default(50).meta({ description: "Page size, 1-100." }),
  offset: z.coerce.number().int().min(0).default(0),
});

export const reviewHistorySchema = z
  .object({
    object: z.literal("list"),
    data: z.array(reviewSchema),
    total: z.int().min(0),
    limit: z.int(),
    offset: z.int(),
    has_more: z.boolean(),
  })
  .meta({ id: "ReviewHistory" });

const rate = z.object({
  key: z.string(),
  reviews: z.int().min(0),
  overrides: z.int().min(0),
  rate: z.number().min(0).max(1),
});

export const reviewAnalyticsSchema = z
  .object({
    total_reviews: z.int().min(0),
    total_overrides: z.int().min(0),
    override_rate: z.number().min(0).max(1),
    reviewers: z.int().min(0).meta({ description: "Distinct accounts that reviewed." }),
    by_doc_type: z.array(rate).meta({ description: "Per document type; `key` is the type." }),
    by_check: z.array(rate).meta({
      description: "Per check present in reviewed reports: how often reviewers named it wrong (`overrides`).",
    }),
    by_verdict: z.array(rate).meta({ description: "Per original verdict: how often reviewers changed it." }),
    transitions: z.array(z.object({ from: verdictSchema, to: verdictSchema, count: z.int().min(1) })),
    overrides_version: z.int().nullable().meta({ description: "The fusion overrides in force; null when none." }),
  })
  .meta({ id: "ReviewAnalytics" });

export const overrideRuleSchema = z
  .object({
    check: z.string(),
    doc_type: z.enum(DOC_TYPES).nullable(),
    format: z.string().nullable(),
    weight: z.number().min(0),
  })
  .meta({ id: "FusionOverrideRule" });

const replaySchema = z.object({
  total: z.int().min(0),
  changed: z.int().min(0).meta({ description: "Verdicts the rule changes." }),
  match_review: z.int().min(0).meta({ description: "Verdicts that then equal the reviewer's verdict." }),
});

export const suggestionSchema = z
  .object({
    id: z.int(),
    object: z.literal("rule_suggestion"),
    status: z.enum(["pending", "approved", "rejected"]),
    rule: overrideRuleSchema,
    description: z.string(),
    support: z.int().meta({ description: "Distinct accounts whose reviews overruled the check here." }),
    evidence: z.object({
      reviewers: z.int(),
      verifications_reviewed: z.int(),
      verifications_overruled: z.int(),
      override_rate: z.number(),
    }),
    effect: z.object({
      overruled: replaySchema.meta({ description: "Replay of the overruled verifications' stored reports." }),
      confirmed: replaySchema.meta({ description: "Replay of the reviewed reports reviewers did not overrule." }),
      predicted: z
        .array(z.object({ verification_id: z.string(), from: verdictSchema, to: verdictSchema }))
        .meta({ description: "Each replayed verdict the rule changes." }),
      estimated: z.int().meta({ description: "Replays of reports stored without their fusion inputs." }),
    }),
    decision_note: z.string().nullable(),
    overrides_version: z.int().nullable().meta({ description: "The overrides version its approval wrote." }),
    created_at: dateTime,
    decided_at: dateTime.nullable(),
  })
  .meta({ id: "RuleSuggestion" });

export const suggestionListSchema = z
  .object({ object: z.literal("list"), data: z.array(suggestionSchema) })
  .meta({ id: "RuleSuggestionList" });

export const suggestionParamsSchema = z.strictObject({
  suggestion_id: z.coerce.number().int().min(1).max(2_147_483_647),
});

export const rejectSuggestionSchema = z
  .strictObject({
    reason: textField(LIMITS.note, "reason").min(LIMITS.reasonMin, {
      message: `reason must say why, in at least ${LIMITS.reasonMin} characters`,
    }),
  })
  .meta({ id: "RejectSuggestionRequest" });

export const approvalSchema = z
  .object({
    suggestion: suggestionSchema,
    overrides_version: z.int(),
    rules: z.array(overrideRuleSchema).meta({ description: "The whole override set now in force." }),
  })
  .meta({ id: "SuggestionApproval" });

export const generateResultSchema = z
  .object({
    object: z.literal("list"),
    created: z.int().min(0),
    refreshed: z.int().min(0),
    data: z.array(suggestionSchema).meta({ description: "Every pending suggestion after the run." }),
  })
  .meta({ id: "GeneratedSuggestions" });
