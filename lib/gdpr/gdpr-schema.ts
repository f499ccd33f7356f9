// The wire format of the data-protection routes (/gdpr/...): the data export, the holder-name
// lookup and the erasure answers. Disputes have their own (lib/disputes/dispute-schema.ts).
import { z } from "zod";
import { verificationSummarySchema } from "../verifications/public-verification-schema";

const row = z.record(z.string(), z.unknown());

export const userDataSchema = z
  .object({
    format: z.string().meta({ example: "credence-user-data/1" }),
    generated_at: z.string().meta({ format: "date-time" }),
    account: row.meta({
      description: "The account: e-mail, name, plan, credits, terms, billing ids. No password hash.",
    }),
    sections: z.record(z.string(), z.array(row)).meta({
      description:
        "One list per kind of record: api_tokens (metadata, never the secret or its hash), verifications (with their " +
        "reports), stored_files, credit_ledger, credit_pack_transactions, usage_records, webhook_endpoints (no " +
        "signing secret), webhook_deliveries, webhook_attempts, events, batches, batch_items, folders, " +
        "folder_verifications, reviews, disputes, calibration_feedback, coupon_redemptions, referrals, holder_profile, " +
        "holder_slug_aliases, credentials, badges, life_events, cv_uploads, social_links, achievements, " +
        "issuer_approval_requests, sign_in_links.",
    }),
  })
  .meta({ id: "UserData", description: "Everything stored about the signed-in account." });

export const EXPORT_FORMATS = ["json", "csv"] as const;

export const exportQuerySchema = z.strictObject({
  format: z
    .enum(EXPORT_FORMATS, { message: 'format must be "json" or "csv"' })
    .default("json")
    .meta({ description: "json (default) or csv (one row per value: section, record, field, value)." }),
});

export const HOLDER_QUERY = { min: 2, max: 100 } as const;

export const lookupQuerySchema = z.strictObject({
  holder: z
    .string({ message: "holder is required: the name to look for, 2 to 100 characters" })
    .trim()
    .min(HOLDER_QUERY.min, { message: `holder must be at least ${HOLDER_QUERY.min} characters` })
    .max(HOLDER_QUERY.max, { message: `holder must be at most ${HOLDER_QUERY.max} characters` })
    .meta({ description: "The holder's name as printed; order, accents, script and initials may differ." }),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});

export const lookupResultSchema = z
  .object({
    holder: z.string(),
    items: z.array(
      verificationSummarySchema.extend({
        holder_name: z.string(),
        match: z.enum(["same", "variant"]),
        match_reason: z.string().nullable(),
      }),
    ),
    total: z.int().min(0),
    limit: z.int(),
    offset: z.int(),
  })
  .meta({ id: "HolderLookup", description: "The caller's own verifications whose holder name matches." });

export const deletedSchema = z
  .object({
    object: z.enum(["verification", "account"]),
    id: z.string(),
    deleted: z.literal(true),
    files_deleted: z.int().min(0),
  })
  .meta({ id: "Erasure" });
