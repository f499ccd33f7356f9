// The forensic engine: bytes and a content type in, a report with a verdict and evidence out.
// Pure: no database, no HTTP, no Next.js; safe to run in a worker, a CLI or a benchmark.
import type { AnalyzeOptions, ForensicReport } from "./types";
import { analyze } from "./pipeline/analyze";

export async function analyzeDocument(
  bytes: Uint8Array,
  contentType: string,
  options?: AnalyzeOptions,
): Promise<ForensicReport> {
  return analyze(bytes, contentType, options);
}

export * from "./types";
export type { Check, DocumentContext, PageImage, SourceFormat, TextItem } from "./context";
export { DEFAULT_LIMITS } from "./pipeline/limits";
export { applyCalibration, fitCalibration, IDENTITY_CALIBRATION } from "./pipeline/calibration";
export { terminateOcr } from "./pipeline/ocr";
export { sniffFormat } from "./pipeline/sniff";
export { ENGINE_VERSION } from "./version";
