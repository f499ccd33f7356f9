// The one table that turns findings into a verdict. Change numbers here, nowhere else.
import type { Severity } from "../types";

/**
 * How much one finding of each severity, at score 1, counts as evidence of manipulation.
 * info never counts (neutral observations); low is a weak hint that many genuine documents
 * also show; critical is near-certain on its own (a wrong check digit, a revision that changed
 * visible text).
 */
export const SEVERITY_WEIGHT: Record<Severity, number> = {
  info: 0,
  low: 0.15,
  medium: 0.4,
  high: 0.75,
  critical: 1,
};

export const FUSION = {
  /**
   * Findings of one check are correlated (one pasted region trips ELA in several blocks; one
   * recompression shows in every block), so past its strongest finding a check adds only this
   * share of what independent evidence would add. Several mediums from one check stay medium.
   */
  sameCheckShare: 0.1,
  /** At or above: REJECTED. Two independent high findings, or one critical, get there. */
  reject: 0.8,
  /**
   * At or above: SUSPECT. One high finding (score >= 0.6), or medium evidence corroborated by a
   * second, independent check. One medium anomaly alone is common in genuine files (a recompressed
   * photo, an unusual producer) and does not flag a document by itself.
   */
  suspect: 0.45,
  /** A critical finding this sure rejects on its own, whatever else was seen. */
  criticalScore: 0.7,
  /** If this share of the applicable checks could not run, too little was verified to say VERIFIED. */
  maxFailedShare: 0.5,
  /** Each check that looked and found nothing adds this much certainty to VERIFIED, up to `coverageCap`. */
  coveragePerCheck: 0.06,
  coverageBase: 0.7,
  coverageCap: 1,
  /** Checks whose evidence comes from reading printed text, which a blurred or dark page corrupts. */
  readingChecks: ["mrz", "content"] as readonly string[],
};
