// Response schemas of the application's verification views (public-verification.ts and
// history.ts build them): the OpenAPI document of the application routes uses them.
import { z } from "zod";
import { VERDICTS } from "../forensics/types";
import { issuerStatusSchema } from "../issuers/issuer-schema";
import { reviewedVerdictSchema } from "../review/review-schema";
import { verdictSchema } from "./verification-schema";

const dateTime = z.string().meta({ format: "date-time" });

export const verificationSummarySchema = z
  .object({
    verification_id: z.string(),
    status: z.enum(["pending", "completed", "failed"]),
    verdict: verdictSchema.nullable(),
    confidence: z.number().min(0).max(1).nullable(),
    doc_type: z.string().nullable(),
    file_name: z.string().nullable(),
    page_count: z.int().min(0),
    source: z.enum(["api", "web", "batch", "mcp"]),
    created_at: dateTime,
    completed_at: dateTime.nullable(),
  })
  .meta({ id: "VerificationSummary" });

export const ownerVerificationSummarySchema = verificationSummarySchema
  .extend({
    verdict: verdictSchema.nullable().meta({
      description: "For the owner: the reviewed verdict when the verification has a review, else the engine's.",
    }),
    review: reviewedVerdictSchema.nullable().meta({
      description: "The latest review (by the owner or an admin): who, why, and the original verdict it replaced.",
    }),
  })
  .meta({ id: "OwnerVerificationSummary" });

export const publicVerificationSchema = verificationSummarySchema
  .extend({
    content_type: z.string(),
    mode: z.enum(["standard", "deep"]),
    livemode: z.boolean(),
    report: z
      .record(z.string(), z.unknown())
      .nullable()
      .meta({ description: "The forensic report: fields, findings with their regions, pages, summary." }),
    error: z.unknown().nullable().meta({ description: "Why the verification failed (status failed)." }),
    share_url: z.string(),
    report_url: z.string(),
    image_url: z.string(),
    badged_document_url: z.string(),
    og_image_url: z.string(),
    issuer: issuerStatusSchema.nullable().meta({
      description:
        "The issuing institution's standing answer, or null. It names the institution only when the answering " +
        'address is at a verified institution domain; otherwise it reads "… from <domain>, not a verified institution".',
    }),
  })
  .meta({
    id: "PublicVerification",
    description: "A verification as anyone holding its id sees it: no owner, no storage location.",
  });

export const verificationHistorySchema = z
  .object({
    items: z.array(ownerVerificationSummarySchema),
    total: z.int().min(0),
    limit: z.int(),
    offset: z.int(),
  })
  .meta({ id: "VerificationHistory" });

const count = z.int().min(0);

export const verificationStatsSchema = z
  .object({
    total: count,
    completed: count,
    failed: count,
    pending: count,
    by_verdict: z.record(z.enum(VERDICTS), count),
    by_doc_type: z.record(z.string(), count),
    average_confidence: z.number().nullable(),
    last_30_days: z.array(z.object({ date: z.string().meta({ format: "date" }), count })),
    quota: z.object({
      plan: z.enum(["free", "pro", "business"]),
      monthly_quota: z.int().nullable(),
      free_web_verifications_per_month: count,
      web_verifications_this_month: count,
      bonus_verifications: count,
      credits_included: z.int(),
      credits_remaining: z.int(),
      credits_reset_at: dateTime,
    }),
  })
  .meta({ id: "VerificationStats" });

export const verificationStatusSchema = z
  .object({
    verification_id: z.string(),
    status: z.enum(["pending", "completed", "failed"]),
    verdict: verdictSchema.nullable(),
    confidence: z.number().min(0).max(1).nullable(),
    error: z.unknown().nullable(),
  })
  .meta({ id: "VerificationStatus" });
