// What a forensic report PDF shows, and the verdict JSON it accepts (/report/generate takes the
// JSON a client already holds: a public verification with its `report`, or a bare report).
import { z } from "zod";
import { VERDICTS } from "../forensics/types";
import type { Verification } from "../db";
import type { ForensicReport } from "../forensics/types";
import { timestamp } from "../http/response";
import { correctionText, disputeCorrectionOf } from "../disputes/dispute-correction";
import { fromDbVerdict } from "../verifications/verdicts";

const Region = z.object({
  x: z.number().min(0).max(1),
  y: z.number().min(0).max(1),
  width: z.number().min(0).max(1),
  height: z.number().min(0).max(1),
});

const Finding = z.object({
  check: z.string().max(200),
  severity: z.enum(["info", "low", "medium", "high", "critical"]),
  score: z.number().min(0).max(1).optional(),
  message: z.string().max(4000),
  page: z.number().int().min(1).nullable().optional(),
  region: Region.nullable().optional(),
});

const FieldValue = z.union([z.string().max(2000), z.number(), z.boolean(), z.null()]);

export const ReportInputSchema = z.preprocess(
  (value) => {
    // A public verification carries the engine's report under `report`; lift it beside the ids.
    if (value && typeof value === "object" && "report" in value && value.report && typeof value.report === "object") {
      const { report, ...rest } = value as { report: Record<string, unknown> } & Record<string, unknown>;
      return { ...report, ...rest };
    }
    return value;
  },
  z.object({
    verification_id: z.string().max(100).optional(),
    file_name: z.string().max(300).nullable().optional(),
    created_at: z.string().max(40).optional(),
    verdict: z.enum(VERDICTS),
    confidence: z.number().min(0).max(1),
    doc_type: z.string().max(50).nullable().optional(),
    summary: z.string().max(10_000).optional(),
    engine_version: z.string().max(50).optional(),
    mode: z.enum(["standard", "deep"]).optional(),
    page_count: z.number().int().min(0).optional(),
    fields: z.record(z.string().max(100), FieldValue).optional(),
    findings: z.array(Finding).max(1000).default([]),
  }),
);

export type ReportInput = z.infer<typeof ReportInputSchema>;

export interface PageImageForReport {
  page: number;
  jpeg: Buffer;
  width: number;
  height: number;
}

/** The report input of a stored verification. */
export function reportInputOf(v: Verification): ReportInput {
  const report = (v.verdictJson ?? {}) as Partial<ForensicReport>;
  return {
    verification_id: v.id,
    file_name: v.fileName,
    created_at: timestamp(v.createdAt),
    verdict: v.verdict ? fromDbVerdict(v.verdict) : "MANUAL_REVIEW",
    confidence: v.confidence ?? 0,
    doc_type: v.docType,
    summary: withCorrection(
      report.summary ?? (v.status === "failed" ? "The analysis failed; no verdict was reached." : undefined),
      v.verdictJson,
    ),
    engine_version: report.engine_version,
    mode: v.mode,
    page_count: v.pageCount,
    fields: report.fields ?? {},
    findings: (report.findings ?? []).map((f) => ({ ...f, page: f.page ?? null, region: f.region ?? null })),
  };
}

/** An admin's correction of the verdict leads the summary, so the PDF says which verdict is whose. */
function withCorrection(summary: string | undefined, report: unknown): string | undefined {
  const mark = disputeCorrectionOf(report);
  if (!mark) return summary;
  return summary ? `${correctionText(mark)} ${summary}` : correctionText(mark);
}
