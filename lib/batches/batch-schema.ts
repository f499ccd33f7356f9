import { z } from "zod";
import { verificationModeSchema } from "../verifications/parse-document-request";

export const MAX_BATCH_ITEMS = 1000;
/** The whole JSON body of a batch (all base64 documents together). */
export const BATCH_BODY_LIMIT = 100 * 1024 * 1024;

export const batchItemSchema = z.union([
  z.strictObject({
    base64: z.string().min(1).meta({ description: "The document, base64." }),
    content_type: z.string().meta({ description: "Media type of the document, e.g. application/pdf." }),
    file_name: z.string().max(255).optional(),
  }),
  z.strictObject({
    url: z
      .url({ protocol: /^https?$/ })
      .max(2048)
      .meta({ description: "An https URL to fetch the document from (same rules as document_url)." }),
    file_name: z.string().max(255).optional(),
  }),
]);

export const createBatchSchema = z
  .strictObject({
    documents: z
      .array(batchItemSchema)
      .min(1)
      .max(MAX_BATCH_ITEMS)
      .meta({ description: `1 to ${MAX_BATCH_ITEMS} documents.` }),
    mode: verificationModeSchema.optional().meta({ description: "standard (default) or deep, for every document." }),
  })
  .meta({ id: "CreateBatchRequest" });

export const batchSchema = z
  .object({
    id: z.string().meta({ example: "bat_01jd9x3k2q7w8e5r4t6y1u2i3o" }),
    object: z.literal("batch"),
    status: z.enum(["processing", "completed"]),
    livemode: z.boolean(),
    mode: z.enum(["standard", "deep"]),
    total: z.int(),
    pending: z.int(),
    completed: z.int(),
    failed: z.int(),
    created_at: z.string().meta({ format: "date-time" }),
    completed_at: z.string().meta({ format: "date-time" }).nullable(),
    poll_url: z.string(),
    items: z.array(
      z.object({
        id: z.string(),
        position: z.int(),
        status: z.enum(["queued", "processing", "completed", "failed"]),
        verification_id: z.string().nullable(),
        error: z.object({ code: z.string(), message: z.string() }).nullable(),
      }),
    ),
  })
  .meta({ id: "Batch" });

export const batchParamsSchema = z.strictObject({ id: z.string().min(1).max(64) });
