// Wire format of the /issuer-approval routes (application-api.md, "Issuer approval").
import { z } from "zod";
import { verdictSchema } from "../verifications/verification-schema";

const dateTime = z.string().meta({ format: "date-time" });
const count = z.int().min(0);

export const REQUEST_STATUSES = ["pending", "confirmed", "disputed", "expired"] as const;
export const EMAIL_STATUSES = ["queued", "sent", "failed", "bounced"] as const;

export const SecureTokenParams = z.strictObject({
  secure_token: z
    .string()
    .min(1)
    .max(100)
    .meta({ description: "The secret of the institution's link (/approve/<secure_token>)." }),
});

const requestFields = {
  verification_id: z.string().min(1).max(100),
  institution_name: z
    .string()
    .trim()
    .min(2)
    .max(200)
    .meta({ description: "The issuing institution as the requester names it (shown in the e-mail)." }),
  institution_email: z
    .email()
    .max(254)
    .transform((e) => e.trim())
    .meta({ description: "The institution's address that will receive the link (registrar, records office)." }),
  message: z.string().trim().max(1000).optional().meta({ description: "A note to the institution." }),
};

export const PreviewApprovalRequest = z.strictObject(requestFields).meta({ id: "PreviewApprovalRequest" });
export const SendApprovalRequest = z.strictObject(requestFields).meta({ id: "SendApprovalRequest" });

export const InstitutionResponse = z
  .strictObject({
    decision: z.enum(["confirm", "dispute"]),
    responder_name: z.string().trim().max(200).optional(),
    comment: z.string().trim().max(2000).optional(),
  })
  .meta({ id: "InstitutionResponse", description: "The institution confirms or disputes the credential." });

export const issuerStatusSchema = z
  .object({
    status: z.enum(["confirmed", "disputed"]),
    institution: z.string().nullable().meta({ description: "The admin-verified institution; null when not one." }),
    domain: z.string(),
    verified_institution: z.boolean(),
    answered_at: dateTime,
    text: z.string().meta({
      description: '"Confirmed by <institution> on <date>" or "… from <domain>, not a verified institution …".',
    }),
  })
  .meta({ id: "IssuerStatus" });

export const INELIGIBILITY_CODES = [
  "not_completed",
  "test_mode",
  "not_a_credential",
  "document_unavailable",
  "already_confirmed",
  "verification_limit",
  "daily_limit",
] as const;
export type IneligibilityCode = (typeof INELIGIBILITY_CODES)[number];

const limitSchema = z.object({ limit: count, used: count });

export const eligibilitySchema = z
  .object({
    verification_id: z.string(),
    eligible: z.boolean(),
    reasons: z.array(z.object({ code: z.enum(INELIGIBILITY_CODES), message: z.string() })),
    limits: z.object({
      per_user_per_day: limitSchema,
      per_verification: limitSchema,
      per_recipient_per_day: z.object({ limit: count }),
    }),
    issuer: issuerStatusSchema.nullable(),
  })
  .meta({ id: "IssuerApprovalEligibility" });

export const recipientSchema = z
  .object({
    email: z.string(),
    domain: z.string(),
    verified_institution: z.string().nullable(),
    free_mail: z.boolean(),
    confirmation_reads: z.string().meta({ description: "What a confirmation from this address would read." }),
  })
  .meta({ id: "IssuerApprovalRecipient" });

export const approvalPreviewSchema = z
  .object({
    subject: z.string(),
    text: z.string(),
    html: z.string(),
    recipient: recipientSchema,
    attachment: z.object({ file_name: z.string(), content_type: z.string() }).nullable(),
  })
  .meta({ id: "IssuerApprovalPreview" });

export const ownerRequestSchema = z
  .object({
    request_id: z.string(),
    verification_id: z.string(),
    institution_name: z.string(),
    institution_email: z.string(),
    recipient_domain: z.string(),
    message: z.string().nullable(),
    status: z.enum(REQUEST_STATUSES),
    email_status: z.enum(EMAIL_STATUSES),
    email_error: z.string().nullable(),
    responder_name: z.string().nullable(),
    response_comment: z.string().nullable(),
    answered_by_verified_institution: z.string().nullable(),
    created_at: dateTime,
    sent_at: dateTime.nullable(),
    expires_at: dateTime,
    responded_at: dateTime.nullable(),
  })
  .meta({ id: "IssuerApprovalRequest" });

export const requestStatusSchema = z
  .object({
    verification_id: z.string(),
    issuer: issuerStatusSchema.nullable(),
    requests: z.array(ownerRequestSchema),
  })
  .meta({ id: "IssuerApprovalStatus" });

export const myRequestsSchema = z
  .object({
    items: z.array(ownerRequestSchema.extend({ doc_type: z.string().nullable(), file_name: z.string().nullable() })),
    total: count.meta({ description: "All of the account's requests (the list holds the most recent 100)." }),
  })
  .meta({ id: "IssuerApprovalRequestList" });

export const institutionViewSchema = z
  .object({
    institution_name: z.string(),
    message: z.string().nullable(),
    status: z.enum(REQUEST_STATUSES),
    can_respond: z.boolean(),
    expires_at: dateTime,
    responded_at: dateTime.nullable(),
    document: z.object({
      doc_type: z.string().nullable(),
      page_count: count,
      verdict: verdictSchema.nullable(),
      confidence: z.number().nullable(),
      summary: z.string().nullable(),
      fields: z.record(z.string(), z.unknown()),
      verified_at: dateTime.nullable(),
    }),
  })
  .meta({
    id: "IssuerApprovalView",
    description: "What the institution sees: the document and Credence's findings, nothing else of the requester.",
  });

export const respondResultSchema = z
  .object({ status: z.enum(["confirmed", "disputed"]), responded_at: dateTime, issuer: issuerStatusSchema })
  .meta({ id: "IssuerApprovalAnswer" });

export const TrackerQuery = z.strictObject({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(200).default(50),
  search: z
    .string()
    .trim()
    .max(200)
    .optional()
    .meta({ description: "Part of the institution, its address or the requester's e-mail." }),
  status: z.enum(REQUEST_STATUSES).optional(),
  email_status: z.enum(EMAIL_STATUSES).optional(),
});

export const trackerListSchema = z
  .object({
    items: z.array(ownerRequestSchema.extend({ requester_email: z.string(), doc_type: z.string().nullable() })),
    total: count,
    page: z.int().min(1),
    page_size: z.int().min(1),
  })
  .meta({ id: "IssuerTrackerPage" });

export const trackerStatsSchema = z
  .object({
    total: count,
    by_status: z.record(z.enum(REQUEST_STATUSES), count),
    by_email_status: z.record(z.enum(EMAIL_STATUSES), count),
    answered: count,
    confirmed_by_verified_institution: count,
    response_time_p50_seconds: z.number().nullable().meta({ description: "Median time from sending to the answer." }),
  })
  .meta({ id: "IssuerTrackerStats" });
