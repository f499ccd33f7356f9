// A verification in plain words, for an agent to relay to a person: what the verdict means, how
// sure the engine is, and each finding with what its severity means and where on the page it is.
// The words are those of the spec's verdict table and docs/api/findings.md.
import { z } from "zod";
import type { Verification } from "../db";
import { VERDICTS, type Verdict } from "../forensics/types";
import { reportInputOf } from "../reports/report-input";

const VERDICT_MEANINGS: Record<Verdict, string> = {
  VERIFIED: "It passes every forensic check; authentic with high confidence.",
  REJECTED: "There are clear signs of fraud, tampering or fabrication.",
  SUSPECT: "There are anomalies that warrant further investigation before trusting it.",
  NOT_CREDENTIAL: "The file is not a verifiable credential (for example a photo or a blank page).",
  MANUAL_REVIEW: "An edge case: no automated determination; a person should review it.",
  "VERIFIED SAMPLE": "A test-mode placeholder standing for a low-confidence VERIFIED result; nothing was analysed.",
};

const SEVERITIES = ["info", "low", "medium", "high", "critical"] as const;

const SEVERITY_MEANINGS: Record<(typeof SEVERITIES)[number], string> = {
  info: "a neutral observation that never counts against the document",
  low: "a weak hint that many genuine documents also show",
  medium: "an anomaly, common enough in genuine files not to flag a document by itself",
  high: "strong evidence of an edit",
  critical: "near-certain evidence of manipulation on its own",
};

const regionSchema = z.object({
  x: z.number(),
  y: z.number(),
  width: z.number(),
  height: z.number(),
});

export const explanationSchema = z.object({
  verification_id: z.string(),
  status: z.enum(["pending", "completed", "failed"]),
  verdict: z.enum(VERDICTS).nullable(),
  verdict_meaning: z.string(),
  confidence: z.number(),
  doc_type: z.string().nullable(),
  livemode: z.boolean(),
  summary: z.string().nullable(),
  findings: z.array(
    z.object({
      check: z.string(),
      severity: z.enum(SEVERITIES),
      severity_meaning: z.string(),
      message: z.string(),
      page: z.int().nullable(),
      region: regionSchema
        .nullable()
        .meta({ description: "Fractions (0..1) of the page's width and height, origin top-left." }),
      where: z.string().meta({ description: 'Where it is, in words: "page 1, top right".' }),
    }),
  ),
});

export type Explanation = z.infer<typeof explanationSchema>;

export function explainVerification(v: Verification): Explanation {
  const report = reportInputOf(v);
  const verdict = v.status === "completed" ? report.verdict : null;
  const failure = (v.error ?? {}) as { code?: string; message?: string };
  return {
    verification_id: v.id,
    status: v.status,
    verdict,
    verdict_meaning: verdict
      ? VERDICT_MEANINGS[verdict]
      : v.status === "failed"
        ? `The analysis failed (${failure.code ?? "unknown"}): ${failure.message ?? "no verdict was reached"}.`
        : "The analysis has not finished yet.",
    confidence: report.confidence,
    doc_type: report.doc_type ?? null,
    livemode: v.livemode,
    summary: report.summary ?? null,
    findings: report.findings.map((f) => ({
      check: f.check,
      severity: f.severity,
      severity_meaning: SEVERITY_MEANINGS[f.severity],
      message: f.message,
      page: f.page ?? null,
      region: f.region ?? null,
      where: describePlace(f.page ?? null, f.region ?? null),
    })),
  };
}

/** The explanation as the few paragraphs an agent can quote. */
export function explanationText(e: Explanation): string {
  const head = [
    `Verification ${e.verification_id} (${e.livemode ? "live" : "test"} mode${e.doc_type ? `, ${e.doc_type}` : ""}):`,
    e.verdict
      ? `verdict ${e.verdict} with confidence ${Math.round(e.confidence * 100)}%. ${e.verdict_meaning}`
      : e.verdict_meaning,
    ...(e.summary ? [`Summary: ${e.summary}`] : []),
  ].join(" ");
  if (e.findings.length === 0) return `${head}\nNo findings.`;
  const lines = e.findings.map(
    (f, i) => `${i + 1}. [${f.severity}: ${f.severity_meaning}] ${f.message} (${f.where}; check ${f.check})`,
  );
  return `${head}\nFindings, strongest first:\n${lines.join("\n")}`;
}

function describePlace(page: number | null, region: z.infer<typeof regionSchema> | null): string {
  const where = page === null ? "the whole file" : `page ${page}`;
  if (!region) return where;
  const cx = region.x + region.width / 2;
  const cy = region.y + region.height / 2;
  const row = cy < 1 / 3 ? "top" : cy < 2 / 3 ? "middle" : "bottom";
  const column = cx < 1 / 3 ? "left" : cx < 2 / 3 ? "centre" : "right";
  const percent = (n: number) => `${Math.round(n * 100)}%`;
  return (
    `${where}, ${row === "middle" && column === "centre" ? "centre" : `${row} ${column}`} ` +
    `(from ${percent(region.x)} to ${percent(region.x + region.width)} across, ` +
    `${percent(region.y)} to ${percent(region.y + region.height)} down)`
  );
}
