// The contract of the forensic engine. lib/forensics is pure: bytes and a content type in,
// a report out. No database, no HTTP, no Next.js. Everything here is JSON-serialisable
// because the report is stored as a verification's verdict_json and streamed to browsers.

export const VERDICTS = [
  "VERIFIED",
  "REJECTED",
  "SUSPECT",
  "NOT_CREDENTIAL",
  "MANUAL_REVIEW",
  "VERIFIED SAMPLE",
] as const;
export type Verdict = (typeof VERDICTS)[number];

export const DOC_TYPES = [
  "diploma",
  "transcript",
  "certificate",
  "id_card",
  "passport",
  "payslip",
  "bank_statement",
  "utility_bill",
  "employment_letter",
  "other",
] as const;
export type DocType = (typeof DOC_TYPES)[number];

export type VerificationMode = "standard" | "deep";

/** How much a finding should move the verdict. `info` never counts against a document. */
export type Severity = "info" | "low" | "medium" | "high" | "critical";

/** A rectangle on a page, in fractions of the page's width and height (0..1), origin top-left. */
export interface Region {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Finding {
  /** Stable id of the check that produced it, e.g. "pdf.incremental_update", "pixel.ela", "mrz.check_digit". */
  check: string;
  severity: Severity;
  /** Strength of the evidence of manipulation, 0 (none) .. 1 (certain). */
  score: number;
  /** One sentence a person can read: what was found, where, and why it matters. */
  message: string;
  /** 1-based page number, or null when the finding is about the whole file. */
  page: number | null;
  region: Region | null;
  /** Machine-readable details that back the message (values compared, thresholds, offsets). */
  evidence?: Record<string, unknown>;
}

export type StageName = "decode" | "classify" | "read" | "checks" | "fuse";

export type ProgressEvent =
  | { type: "stage"; stage: StageName; status: "start"; label: string }
  | {
      type: "stage";
      stage: StageName;
      status: "complete";
      label: string;
      duration_ms: number;
      details?: Record<string, unknown>;
    }
  | { type: "progress"; stage: StageName; message: string };

/** Piecewise-linear map from raw fused confidence to calibrated confidence (refit by /dashboard/calibrate). */
export interface CalibrationModel {
  /** Knots sorted by x, both in 0..1; values between knots are interpolated, outside clamped. */
  points: Array<{ x: number; y: number }>;
}

/**
 * A weight fusion gives one check's findings on one kind of document (an approved rule suggestion
 * of the learning engine): their scores count `weight` times as much, up to 1, so a severity stays
 * the ceiling of what a finding can weigh (0 drops them from the verdict; they stay in the report).
 * `doc_type` / `format` null means any.
 */
export interface FusionOverrideRule {
  check: string;
  doc_type: DocType | null;
  format: string | null;
  weight: number;
}

/** The overrides in force, versioned: a report records which version weighed it. */
export interface FusionOverrides {
  version: number;
  rules: FusionOverrideRule[];
}

export interface AnalyseOptions {
  mode?: VerificationMode;
  onProgress?: (event: ProgressEvent) => void;
  calibration?: CalibrationModel;
  /** Weights of checks per document type or format, passed in by the caller (the engine reads no database). */
  overrides?: FusionOverrides;
  /** Aborts the analysis; the engine throws ForensicInputError("timeout") or the abort reason. */
  signal?: AbortSignal;
  /** Overrides for the hostile-input limits (tests use small ones). */
  limits?: Partial<EngineLimits>;
}

export interface EngineLimits {
  maxBytes: number;
  maxPixels: number;
  maxPages: number;
  /** Pages analysed in standard mode; deep mode analyses every page up to maxPages. */
  standardPages: number;
  timeoutMs: number;
}

export interface PageQuality {
  width: number;
  height: number;
  /** Estimated dots per inch (from PDF render scale, EXIF density, or size against A4). */
  dpi: number | null;
  /** Variance of the Laplacian on the greyscale page; low means blurry. */
  sharpness: number;
  /** Mean luminance 0..255. */
  brightness: number;
  /** Fraction of clipped (near-black or near-white) pixels outside the paper background. */
  clipped: number;
  too_poor_to_judge: boolean;
}

export interface PageReport {
  page: number;
  width: number;
  height: number;
  source: "pdf-text" | "pdf-scan" | "image";
  quality: PageQuality;
}

export type FieldValue = string | number | boolean | null;

/** What fusion weighed besides the findings, kept so a stored report can be weighed again (refuseReport). */
export interface FusionInputs {
  checks_run: number;
  checks_failed: number;
  something_read: boolean;
  classification_confidence: number;
}

/** Why a document goes to a person (verdict MANUAL_REVIEW). */
export type ReviewReason =
  | "too_poor"
  | "conflict"
  | "checks_failed"
  | "nothing_verifiable"
  | "unidentified"
  | "identity_unverified"
  | "unread_script";

export interface ForensicReport {
  engine_version: string;
  /** Version of the fusion overrides that weighed the findings; null when none were in force. */
  overrides_version: number | null;
  mode: VerificationMode;
  verdict: Exclude<Verdict, "VERIFIED SAMPLE">;
  /** Why a person must look, when the verdict is MANUAL_REVIEW; null otherwise. */
  review_reason: ReviewReason | null;
  confidence: number;
  /** The fused confidence before calibration: what the calibration maps, and what a refit is fitted on. */
  raw_confidence: number;
  doc_type: DocType;
  is_credential: boolean;
  /** Detected container format: pdf, jpeg, png, webp, tiff, heic, avif. */
  format: string;
  page_count: number;
  pages: PageReport[];
  /** Key fields read from the document (names, dates, institution, degree, amounts, numbers). */
  fields: Record<string, FieldValue>;
  findings: Finding[];
  /** A short explanation of the verdict in plain language. */
  summary: string;
  fusion_inputs: FusionInputs;
  timings_ms: Record<StageName, number> & { total: number };
}

export type ForensicErrorCode =
  | "empty_file"
  | "unsupported_format"
  | "decode_failed"
  | "too_large"
  | "too_many_pixels"
  | "too_many_pages"
  | "encrypted"
  | "timeout";

/** A problem with the input itself: the message names it so a person can act on it. */
export class ForensicInputError extends Error {
  constructor(
    readonly code: ForensicErrorCode,
    message: string,
  ) {
    super(message);
    this.name = "ForensicInputError";
  }
}
