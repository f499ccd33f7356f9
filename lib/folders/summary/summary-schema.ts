// The cross-document consistency summary of a folder (GET /folders/{id}/summary): what the
// documents say about the applicant, compared, with the documents behind each value.
import { z } from "zod";
import { verdictSchema } from "../../verifications/verification-schema";

export const ATTRIBUTE_KEYS = [
  "holder_name",
  "date_of_birth",
  "document_number",
  "nationality",
  "institution",
  "graduation_date",
] as const;
export type AttributeKey = (typeof ATTRIBUTE_KEYS)[number];

export const COMPARISON_STATUSES = ["agree", "variant", "conflict", "single"] as const;
export type ComparisonStatus = (typeof COMPARISON_STATUSES)[number];

export const SUMMARY_STATUSES = ["consistent", "conflicts", "not_enough_data"] as const;
export type SummaryStatus = (typeof SUMMARY_STATUSES)[number];

const sourceSchema = z.object({
  verification_id: z.string(),
  doc_type: z.string().nullable(),
  file_name: z.string().nullable(),
});

export const comparisonSchema = z
  .object({
    attribute: z.enum(ATTRIBUTE_KEYS),
    label: z.string().meta({ example: "Name" }),
    scope: z
      .string()
      .meta({ description: "Which documents are compared on this attribute.", example: "all documents" }),
    status: z.enum(COMPARISON_STATUSES).meta({
      description:
        "agree: every document says the same; variant: compatible spellings (initials, fewer names, another " +
        "script) a reviewer may glance at; conflict: documents disagree; single: only one document says it.",
    }),
    note: z.string().nullable(),
    values: z.array(z.object({ value: z.string(), sources: z.array(sourceSchema) })),
  })
  .meta({ id: "FolderComparison" });

export const folderSummarySchema = z
  .object({
    object: z.literal("folder_summary"),
    status: z.enum(SUMMARY_STATUSES).meta({
      description:
        "conflicts when any attribute conflicts; consistent when at least one attribute is stated by two documents " +
        "and none conflicts; not_enough_data otherwise.",
    }),
    document_count: z.int().min(0),
    analysed_count: z.int().min(0).meta({ description: "Documents whose analysis finished with a report." }),
    pending_count: z.int().min(0),
    worst_verdict: verdictSchema.nullable(),
    verdict_counts: z.record(z.string(), z.int().min(0)),
    conflict_count: z.int().min(0),
    comparisons: z.array(comparisonSchema),
  })
  .meta({ id: "FolderSummary" });

export type FolderSummary = z.infer<typeof folderSummarySchema>;
export type Comparison = z.infer<typeof comparisonSchema>;
