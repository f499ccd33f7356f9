import { z } from "zod";

/** A CV is a few pages: 10 MB is generous for one with photos. */
export const MAX_CV_BYTES = 10 * 1024 * 1024;

export const uploadCvMultipartSchema = z.strictObject({
  file: z
    .string()
    .meta({ format: "binary", description: "The CV, PDF or DOCX (recognised from its bytes), at most 10 MB." }),
});

export const cvUploadSchema = z
  .object({
    id: z.string().meta({ example: "cv_01jd9x3k2q7w8e5r4t6y1u2i3o" }),
    object: z.literal("cv_upload"),
    file_name: z.string(),
    content_type: z.enum([
      "application/pdf",
      "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    ]),
    size: z.int(),
    status: z.enum(["uploaded", "parsing", "parsed", "failed"]).meta({
      description: "uploaded → parsing (POST /holder/cv/{cv_id}/parse) → parsed or failed.",
    }),
    parse_error: z
      .string()
      .nullable()
      .meta({ description: "Why the last parse failed, in words the holder can act on." }),
    event_count: z.int().meta({ description: "Life events the last parse derived from this CV." }),
    parsed_at: z.string().meta({ format: "date-time" }).nullable(),
    created_at: z.string().meta({ format: "date-time" }),
  })
  .meta({ id: "CvUpload" });

export const cvUploadListSchema = z
  .object({ object: z.literal("list"), data: z.array(cvUploadSchema) })
  .meta({ id: "CvUploadList" });

export const cvParamsSchema = z.strictObject({ cv_id: z.string().min(1).max(64) });

export const deleteCvQuerySchema = z.strictObject({
  delete_events: z
    .enum(["true", "false"], { message: 'must be "true" or "false"' })
    .default("false")
    .transform((v) => v === "true")
    .meta({ description: "true also deletes the life events read from this CV; false (default) keeps them." }),
});

export const deletedCvSchema = z
  .object({
    id: z.string(),
    object: z.literal("cv_upload"),
    deleted: z.literal(true),
    events_deleted: z.int().meta({ description: "Life events deleted with it." }),
    events_kept: z.int().meta({ description: "Life events read from it that stay on the timeline." }),
  })
  .meta({ id: "DeletedCvUpload" });
