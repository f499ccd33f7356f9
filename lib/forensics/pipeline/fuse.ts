// Fuse: findings become a verdict and a raw confidence; calibration maps the latter.
import type { Finding, Verdict } from "../types";
import { FUSION, SEVERITY_WEIGHT } from "./fuse-weights";

export interface FuseInput {
  findings: Finding[];
  isCredential: boolean;
  /** Confidence of the classifier in its credential / not-credential call. */
  classificationConfidence: number;
  /** Every analysed page is too blurred, dark or small to judge. */
  tooPoor: boolean;
  /** Checks that applied and ran to the end / that crashed. */
  checksRun: number;
  checksFailed: number;
}

export interface Fused {
  verdict: Exclude<Verdict, "VERIFIED SAMPLE">;
  rawConfidence: number;
  /** 0..1 strength of the combined evidence of manipulation. */
  suspicion: number;
  /** Why MANUAL_REVIEW, when it is. */
  reviewReason?: "too_poor" | "conflict" | "checks_failed";
  /** Findings that carried the verdict, strongest first. */
  decisive: Finding[];
}

export function evidenceOf(f: Finding): number {
  return SEVERITY_WEIGHT[f.severity] * clamp01(f.score);
}

export function suspicionOf(findings: Finding[]): number {
  const byCheck = new Map<string, number[]>();
  for (const f of findings) {
    const e = evidenceOf(f);
    if (e <= 0) continue;
    const key = f.check.split(".")[0];
    byCheck.set(key, [...(byCheck.get(key) ?? []), e]);
  }
  let clean = 1;
  for (const values of byCheck.values()) {
    const max = Math.max(...values);
    const independent = 1 - values.reduce((p, e) => p * (1 - e), 1);
    const perCheck = max + FUSION.sameCheckShare * (independent - max);
    clean *= 1 - perCheck;
  }
  return 1 - clean;
}

export function fuse(input: FuseInput): Fused {
  const decisive = input.findings.filter((f) => evidenceOf(f) > 0).sort((a, b) => evidenceOf(b) - evidenceOf(a));
  if (!input.isCredential) {
    return { verdict: "NOT_CREDENTIAL", rawConfidence: input.classificationConfidence, suspicion: 0, decisive: [] };
  }
  // Thresholds are inclusive ("one high finding at 0.6 is SUSPECT"): 0.75 × 0.6 computes to
  // 0.44999…, so evidence is compared at a precision no score is ever given in.
  const suspicion = Math.round(suspicionOf(input.findings) * 1e9) / 1e9;
  const critical = decisive.some((f) => f.severity === "critical" && f.score >= FUSION.criticalScore);
  // On a page too poor to read, what was read from its text (MRZ digits, sums, dates) may be
  // misreadings: such evidence alone sends the document to a person rather than rejecting it.
  const readingOnly =
    decisive.length > 0 && decisive.every((f) => FUSION.readingChecks.includes(f.check.split(".")[0]));
  if (input.tooPoor && readingOnly && (critical || suspicion >= FUSION.suspect))
    return review("too_poor", suspicion, decisive);

  if (critical || suspicion >= FUSION.reject) {
    if (conflicts(input.findings)) return review("conflict", suspicion, decisive);
    return { verdict: "REJECTED", rawConfidence: Math.max(0.8, suspicion), suspicion, decisive };
  }
  if (suspicion >= FUSION.suspect) {
    if (conflicts(input.findings)) return review("conflict", suspicion, decisive);
    const t = (suspicion - FUSION.suspect) / (FUSION.reject - FUSION.suspect);
    return { verdict: "SUSPECT", rawConfidence: 0.55 + 0.3 * t, suspicion, decisive };
  }
  if (input.tooPoor) return review("too_poor", suspicion, decisive);
  const applicable = input.checksRun + input.checksFailed;
  if (applicable > 0 && input.checksFailed / applicable >= FUSION.maxFailedShare)
    return review("checks_failed", suspicion, decisive);

  const coverage = Math.min(FUSION.coverageCap, FUSION.coverageBase + FUSION.coveragePerCheck * input.checksRun);
  return { verdict: "VERIFIED", rawConfidence: (1 - suspicion) * coverage, suspicion, decisive };
}

/**
 * Evidence conflicts when a check vouches for the file as a whole (a valid signature over the
 * entire document) while another finds manipulation: a person must weigh the two.
 */
function conflicts(findings: Finding[]): boolean {
  return findings.some((f) => f.severity === "info" && f.evidence?.vouches === true);
}

function review(reason: Fused["reviewReason"], suspicion: number, decisive: Finding[]): Fused {
  return { verdict: "MANUAL_REVIEW", rawConfidence: 0.5, suspicion, reviewReason: reason, decisive };
}

function clamp01(v: number): number {
  return Number.isFinite(v) ? Math.min(1, Math.max(0, v)) : 0;
}
