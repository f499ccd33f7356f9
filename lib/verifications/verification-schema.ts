// The response schema of a Verification (serialize.ts builds it); the OpenAPI document uses it.
import { z } from "zod";
import { DOC_TYPES, VERDICTS } from "../forensics/types";

export const verdictSchema = z
  .enum(VERDICTS)
  .meta({ id: "Verdict", description: "One of the six enumerated verdicts; ACCEPT is never emitted." });

export const docTypeSchema = z.enum(DOC_TYPES).meta({
  id: "DocType",
  description:
    "Kind of document recognised. `utility_bill` and `employment_letter` extend the specification's list; `transcript` is an academic transcript (statement of results), distinct from `diploma`.",
});

export const verificationSchema = z
  .object({
    id: z.string().meta({ example: "ver_01jd9x3k2q7w8e5r4t6y1u2i3o" }),
    object: z.literal("verification"),
    status: z.enum(["pending", "completed", "failed"]),
    verdict: verdictSchema.nullable().meta({ description: "null while pending and when failed." }),
    confidence: z.number().min(0).max(1),
    doc_type: docTypeSchema,
    livemode: z.boolean(),
    mode: z.enum(["standard", "deep"]),
    page_count: z.int().min(0),
    file_name: z.string().nullable(),
    content_type: z.string(),
    created_at: z.string().meta({ format: "date-time" }),
    completed_at: z.string().meta({ format: "date-time" }).nullable(),
    poll_url: z.string(),
    credits_charged: z.int().min(0),
    report: z
      .record(z.string(), z.unknown())
      .nullable()
      .meta({ description: "The forensic report (live) or the test-mode explanation." }),
    error: z
      .object({ code: z.string(), message: z.string() })
      .nullable()
      .meta({ description: "Why the verification failed (status failed)." }),
  })
  .meta({ id: "Verification" });
