// Weighing a stored report again: the findings and the inputs fusion kept (fusion_inputs) go
// through the same fuse() with other overrides. The learning engine measures a suggestion's
// effect this way before an admin approves it, without the document or a run of the checks.
import type { DocType, Finding, ForensicReport, FusionInputs, FusionOverrides } from "../types";
import { type FuseInput, fuse } from "./fuse";

export function fuseInputOf(
  inputs: FusionInputs,
  findings: Finding[],
  docType: DocType,
  format: string,
  fields: ForensicReport["fields"],
): Omit<FuseInput, "isCredential" | "tooPoor"> {
  return {
    findings,
    classificationConfidence: inputs.classification_confidence,
    checksRun: inputs.checks_run,
    checksFailed: inputs.checks_failed,
    somethingRead: inputs.something_read,
    fieldsRead: Object.values(fields).some((v) => v !== null && v !== ""),
    docType,
    format,
  };
}

export interface Refused {
  verdict: ForensicReport["verdict"];
  /** Before calibration, as fusion gives it. */
  rawConfidence: number;
  /** Whether the report kept its fusion inputs; without them (reports of engines before they were kept) they are estimated. */
  exact: boolean;
}

/** The verdict a stored report gets when fused under `overrides` (none: the engine's own weights). */
export function refuseReport(
  report: Pick<
    ForensicReport,
    "findings" | "is_credential" | "doc_type" | "format" | "pages" | "confidence" | "fields"
  > & {
    fusion_inputs?: FusionInputs;
  },
  overrides?: FusionOverrides,
): Refused {
  const inputs = report.fusion_inputs ?? estimatedInputs(report);
  const fused = fuse({
    ...fuseInputOf(inputs, report.findings, report.doc_type, report.format, report.fields ?? {}),
    isCredential: report.is_credential,
    tooPoor: report.pages.length > 0 && report.pages.every((p) => p.quality.too_poor_to_judge),
    overrides,
  });
  return { verdict: fused.verdict, rawConfidence: fused.rawConfidence, exact: report.fusion_inputs !== undefined };
}

/** Older reports: every check family that reported counts as run, none as failed. */
function estimatedInputs(report: Parameters<typeof refuseReport>[0]): FusionInputs {
  const families = new Set(report.findings.map((f) => f.check.split(".")[0]));
  return {
    checks_run: families.size,
    checks_failed: 0,
    something_read: Object.values(report.fields ?? {}).some((v) => v !== null && v !== ""),
    classification_confidence: report.confidence,
  };
}
