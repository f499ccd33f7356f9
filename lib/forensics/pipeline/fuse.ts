// Fuse: findings become a verdict and a raw confidence; calibration maps the latter.
import type { DocType, Finding, FusionOverrides, ReviewReason, Verdict } from "../types";
import { weighFindings } from "./fuse-overrides";
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
  docType: DocType;
  /** Whether any text or field was read from the document (a text layer, OCR words, fields). */
  somethingRead: boolean;
  /** Whether any field (holder, dates, numbers, amounts…) was read from it. */
  fieldsRead: boolean;
  /** Lines of text on the document that OCR could not read (a script the engine does not read). */
  unreadText?: boolean;
  /** Container format (pdf, jpeg, …): overrides may apply to one format only. */
  format?: string;
  /** Approved weights of checks per document type or format (fuse-overrides.ts). */
  overrides?: FusionOverrides;
}

export interface Fused {
  verdict: Exclude<Verdict, "VERIFIED SAMPLE">;
  rawConfidence: number;
  /** 0..1 strength of the combined evidence of manipulation. */
  suspicion: number;
  /** Why MANUAL_REVIEW, when it is. */
  reviewReason?: ReviewReason;
  /** Findings that carried the verdict, strongest first. */
  decisive: Finding[];
}

export function evidenceOf(f: Finding): number {
  return SEVERITY_WEIGHT[f.severity] * clamp01(f.score) * readingWeight(f);
}

/** How sure the OCR reading a finding rests on was: full weight at FUSION.sureReading and above. */
function readingWeight(f: Finding): number {
  const confidence = f.evidence?.reading_confidence;
  return typeof confidence === "number" ? clamp01(confidence / FUSION.sureReading) : 1;
}

/**
 * Two independent sources on the document that cleanly contradict each other, read surely
 * enough to be held against each other.
 */
function contradiction(f: Finding): boolean {
  const listed =
    FUSION.contradictions.includes(f.check) ||
    (FUSION.textLayerContradictions.includes(f.check) && f.evidence?.source === "text_layer");
  // A low finding is a hint by its own account (an explained difference, a doubtful reading).
  return listed && f.severity !== "info" && f.severity !== "low" && readingWeight(f) >= 1;
}

/** An editor's save recorded in the file together with an anomaly of the content. */
function editedWithAnomaly(findings: Finding[]): boolean {
  return (
    findings.some(FUSION.editorSave) &&
    findings.some(
      (f) =>
        FUSION.contentFamilies.includes(f.check.split(".")[0] as string) &&
        !FUSION.notAnomalies.includes(f.check) &&
        !FUSION.fileHistory.includes(f.check) &&
        evidenceOf(f) > 0,
    )
  );
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
  const weighed = weighFindings(input.findings, input.overrides, input.docType, input.format ?? "");
  const findings = weighed.findings;
  // A finding an override lowered was overruled by reviewers on such documents: it sets no floor.
  const floorable = findings.filter((f) => !weighed.lowered.has(f));
  const decisive = findings.filter((f) => evidenceOf(f) > 0).sort((a, b) => evidenceOf(b) - evidenceOf(a));
  if (!input.isCredential) {
    return { verdict: "NOT_CREDENTIAL", rawConfidence: input.classificationConfidence, suspicion: 0, decisive: [] };
  }
  // Thresholds are inclusive ("one high finding at 0.6 is SUSPECT"): 0.75 × 0.6 computes to
  // 0.44999…, so evidence is compared at a precision no score is ever given in.
  const measured = Math.round(suspicionOf(findings) * 1e9) / 1e9;
  // An examiner does not let a clean contradiction, or an editor's save beside an anomaly, pass
  // as weak evidence: each is at least enough for a person to look.
  const floor = floorable.some(contradiction) || editedWithAnomaly(floorable) ? FUSION.suspect : 0;
  const suspicion = Math.max(measured, floor);
  const critical = decisive.some((f) => f.severity === "critical" && f.score >= FUSION.criticalScore);
  // On a page too poor to read, what was read from its text (MRZ digits, sums, dates) may be
  // misreadings: such evidence alone sends the document to a person rather than rejecting it.
  const readingOnly =
    decisive.length > 0 && decisive.every((f) => FUSION.readingChecks.includes(f.check.split(".")[0]));
  if (input.tooPoor && readingOnly && (critical || suspicion >= FUSION.suspect))
    return review("too_poor", suspicion, decisive);

  if (critical || suspicion >= FUSION.reject) {
    if (conflicts(findings)) return review("conflict", suspicion, decisive);
    return { verdict: "REJECTED", rawConfidence: Math.max(0.8, suspicion), suspicion, decisive };
  }
  if (suspicion >= FUSION.suspect) {
    if (conflicts(findings)) return review("conflict", suspicion, decisive);
    const t = (suspicion - FUSION.suspect) / (FUSION.reject - FUSION.suspect);
    return { verdict: "SUSPECT", rawConfidence: 0.55 + 0.3 * t, suspicion, decisive };
  }
  if (input.tooPoor) return review("too_poor", suspicion, decisive);
  const applicable = input.checksRun + input.checksFailed;
  if (applicable > 0 && input.checksFailed / applicable >= FUSION.maxFailedShare)
    return review("checks_failed", suspicion, decisive);

  // Nothing read and nothing verified: no check had anything to hold the document against.
  // What a check with power verified: a zone whose digits hold, a signature vouching for the file.
  const verifiedSomething = findings.some(
    (f) => f.severity === "info" && (f.check === "mrz.verified" || f.evidence?.vouches === true),
  );
  if (!input.somethingRead && !verifiedSomething) return review("nothing_verifiable", suspicion, decisive);
  // Its wording could not be read, so no check held it against what it says: a person reads it.
  if (input.unreadText && !verifiedSomething) return review("unread_script", suspicion, decisive);
  // Words were read, but none of the wording of any credential and none of its fields: no check
  // could hold the document against what it says it is (an invoice's table read too poorly to
  // call it text, a credential of a kind the engine does not know), so a person looks.
  if (input.docType === "other" && !input.fieldsRead && !verifiedSomething)
    return review("unidentified", suspicion, decisive);
  // An identity document is verified by its zone; without it, an editor's save leaves it to a person.
  const identity = FUSION.identityTypes.includes(input.docType);
  if (identity && !verifiedSomething && floorable.some(FUSION.editorSave)) {
    return review("identity_unverified", suspicion, decisive);
  }
  const coverage = Math.min(FUSION.coverageCap, FUSION.coverageBase + FUSION.coveragePerCheck * input.checksRun);
  const cap = identity && !verifiedSomething ? FUSION.unverifiedIdentityCap : 1;
  return { verdict: "VERIFIED", rawConfidence: Math.min(cap, (1 - suspicion) * coverage), suspicion, decisive };
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
