// The wire format of applicant folders: a reviewer groups the documents of one applicant, keeps a
// reference and notes, and moves the folder through their own process.
import { z } from "zod";
import { optionalTextField, textField } from "../http/text-fields";
import { listEnvelopeSchema, paginationQuerySchema } from "../http/pagination";
import { ownerVerificationSummarySchema } from "../verifications/public-verification-schema";
import { verdictSchema } from "../verifications/verification-schema";
import { folderSummarySchema } from "./summary/summary-schema";

export const FOLDER_STATUSES = ["open", "in_review", "approved", "rejected", "archived"] as const;
export type FolderStatus = (typeof FOLDER_STATUSES)[number];

export const LIMITS = { name: 200, applicantName: 200, reference: 100, notes: 10_000 } as const;
/** How many documents one folder holds: an applicant's file, not an archive. */
export const MAX_DOCUMENTS = 200;

const fields = {
  name: textField(LIMITS.name, "name").min(1, { message: "name is required" }),
  applicant_name: optionalTextField(LIMITS.applicantName, "applicant_name"),
  reference: optionalTextField(LIMITS.reference, "reference"),
  notes: optionalTextField(LIMITS.notes, "notes"),
  status: z.enum(FOLDER_STATUSES, { message: `must be one of ${FOLDER_STATUSES.join(", ")}` }),
};

export const createFolderSchema = z
  .strictObject({ ...fields, status: fields.status.optional() })
  .meta({ id: "CreateFolderRequest" });

export const updateFolderSchema = z
  .strictObject({ ...fields, name: fields.name.optional(), status: fields.status.optional() })
  .refine((b) => Object.keys(b).length > 0, { message: "send at least one field to change" })
  .meta({ id: "UpdateFolderRequest" });

export type CreateFolderInput = z.output<typeof createFolderSchema>;
export type UpdateFolderInput = z.output<typeof updateFolderSchema>;

export const addVerificationSchema = z
  .strictObject({ verification_id: z.string().trim().min(1, { message: "verification_id is required" }).max(64) })
  .meta({ id: "AddVerificationRequest" });

export const folderParamsSchema = z.strictObject({ folder_id: z.string().min(1).max(64) });
export const folderVerificationParamsSchema = z.strictObject({
  folder_id: z.string().min(1).max(64),
  verification_id: z.string().min(1).max(64),
});

export const listFoldersQuerySchema = paginationQuerySchema.extend({
  status: z.enum(FOLDER_STATUSES).optional().meta({ description: "Only folders in this status." }),
});

export const folderSchema = z
  .object({
    id: z.string().meta({ example: "fld_01jd9x3k2q7w8e5r4t6y1u2i3o" }),
    object: z.literal("folder"),
    name: z.string(),
    applicant_name: z.string().nullable(),
    reference: z.string().nullable(),
    notes: z.string().nullable(),
    status: z.enum(FOLDER_STATUSES),
    document_count: z.number().int(),
    worst_verdict: verdictSchema.nullable().meta({
      description:
        "The most severe verdict among the folder's finished documents (reviewed verdicts where reviewed); null while none is.",
    }),
    created_at: z.string().meta({ format: "date-time" }),
    updated_at: z.string().meta({ format: "date-time" }),
  })
  .meta({ id: "Folder" });

export const folderListSchema = listEnvelopeSchema(folderSchema).meta({ id: "FolderList" });

export const folderVerificationSchema = ownerVerificationSummarySchema
  .extend({ added_at: z.string().meta({ format: "date-time" }) })
  .meta({ id: "FolderVerification" });

export const folderVerificationsSchema = z
  .object({ object: z.literal("list"), data: z.array(folderVerificationSchema) })
  .meta({ id: "FolderVerificationList" });

export const folderDetailSchema = folderSchema
  .extend({ verifications: z.array(folderVerificationSchema), summary: folderSummarySchema })
  .meta({ id: "FolderDetail" });
