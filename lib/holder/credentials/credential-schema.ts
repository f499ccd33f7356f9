import { z } from "zod";
import { VERDICTS } from "../../forensics/types";
import { issuerStatusSchema } from "../../issuers/issuer-schema";

/** The categories a holder may file a credential under (the profile groups and filters by them). */
export const CREDENTIAL_CATEGORIES = [
  "education",
  "certification",
  "license",
  "employment",
  "identity",
  "financial",
  "other",
] as const;
export type CredentialCategory = (typeof CREDENTIAL_CATEGORIES)[number];

export const LABEL_MAX = 120;

export const CredentialParams = z.strictObject({
  credential_id: z.string().min(1).max(100).meta({ description: "The credential's id (crd_…)." }),
});

const label = z
  .string()
  .trim()
  .min(1, "The label cannot be empty.")
  .max(LABEL_MAX, `The label is limited to ${LABEL_MAX} characters.`);

export const UpdateCredentialRequest = z
  .strictObject({
    label: label.optional(),
    category: z.enum(CREDENTIAL_CATEGORIES).optional(),
    is_pinned: z.boolean().optional(),
    is_public: z.boolean().optional(),
  })
  .refine(
    (b) => Object.values(b).some((v) => v !== undefined),
    "Give at least one of label, category, is_pinned, is_public.",
  )
  .meta({ id: "UpdateCredentialRequest" });
export type UpdateCredentialInput = z.infer<typeof UpdateCredentialRequest>;

export const ReorderCredentialsRequest = z
  .strictObject({
    credential_ids: z
      .array(z.string().min(1).max(100))
      .min(1)
      .max(1000)
      .meta({ description: "Every credential of the profile, each exactly once, in the new display order." }),
  })
  .meta({ id: "ReorderCredentialsRequest" });

/** What serialize-credential.ts toApiCredential() answers. */
export const credentialSchema = z
  .object({
    credential_id: z.string(),
    object: z.literal("credential"),
    verification_id: z.string(),
    label: z.string(),
    category: z.enum(CREDENTIAL_CATEGORIES),
    is_pinned: z.boolean(),
    is_public: z.boolean(),
    is_sample: z.boolean().meta({
      description:
        "Claimed from a test-mode verification or a VERIFIED SAMPLE verdict: shown only to its holder, never public, never a badge.",
    }),
    display_order: z.int(),
    verdict: z.enum(VERDICTS).nullable().meta({ description: "The engine's verdict (or an admin's resolution)." }),
    doc_type: z.string(),
    issuer: z
      .string()
      .nullable()
      .meta({ description: "The issuing institution or employer as read from the document." }),
    issued_on: z.string().nullable().meta({ description: "The document's date as read (YYYY-MM-DD), if any." }),
    holder_name: z.string().nullable().meta({ description: "The holder's name as read from the document." }),
    issuer_status: issuerStatusSchema.nullable().meta({
      description:
        "The issuing institution's answer to an issuer approval request: it names the institution only when the " +
        'answering address is at a verified institution domain, otherwise "… from <domain>, not a verified institution".',
    }),
    verified_at: z.string().meta({ format: "date-time" }).nullable(),
    badge_hash: z.string().nullable(),
    badge_url: z.string().nullable().meta({ description: "The public badge page (/badge/{hash}); null for samples." }),
    created_at: z.string().meta({ format: "date-time" }),
    updated_at: z.string().meta({ format: "date-time" }),
  })
  .meta({ id: "Credential" });

export const credentialListSchema = z
  .object({ object: z.literal("list"), data: z.array(credentialSchema) })
  .meta({ id: "CredentialList" });

export const claimResultSchema = credentialSchema;
