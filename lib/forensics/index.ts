// The forensic engine: bytes and a content type in, a report with a verdict and evidence out.
// Pure: no database, no HTTP, no Next.js; safe to run in a worker, a CLI or a benchmark.
import type { AnalyseOptions, ForensicReport } from "./types";
import { analyse } from "./pipeline/analyse";

export async function analyseDocument(
  bytes: Uint8Array,
  contentType: string,
  options?: AnalyseOptions,
): Promise<ForensicReport> {
  return analyse(bytes, contentType, options);
}

export * from "./types";
export type { Check, DocumentContext, PageImage, SourceFormat, TextItem } from "./context";
export { DEFAULT_LIMITS } from "./pipeline/limits";
export { applyCalibration, fitCalibration, IDENTITY_CALIBRATION } from "./pipeline/calibration";
export { terminateOcr } from "./pipeline/ocr";
export { sniffFormat } from "./pipeline/sniff";
export { ENGINE_VERSION } from "./version";
export { refuseReport, type Refused } from "./pipeline/refuse";
export { MAX_OVERRIDE_WEIGHT, ruleFor } from "./pipeline/fuse-overrides";
