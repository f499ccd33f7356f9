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
  /**
   * Two independent sources on the document that cleanly contradict each other: the zone (its
   * check digits holding) against the print, a decoded code's payload against the print. Either
   * side was made by the issuer; one of them was changed. At least SUSPECT however weak each
   * looks alone. Content arithmetic counts when read from a text layer (`evidence.source`): a
   * stated total, or a running balance, against the figures the document itself lists.
   */
  contradictions: ["mrz.printed_mismatch", "codes.payload_mismatch"] as readonly string[],
  textLayerContradictions: [
    "content.payslip_sum",
    "content.payslip_net",
    "content.statement_totals",
    "content.statement_closing",
    "content.running_balance",
    "content.transcript_credits",
    "content.transcript_gpa",
  ] as readonly string[],
  /**
   * A finding read from OCR text (`evidence.reading_confidence`, 0..100) counts in proportion to
   * how sure the reading was, up to full weight at this confidence.
   */
  sureReading: 85,
  /**
   * An editor's save recorded in the file: a retouching tool's name in an image's metadata, or a
   * PDF or image editor's in a PDF's Producer/Creator (Acrobat's own re-save is low: no editor's save).
   */
  editorSave: (f: { check: string; severity: Severity }) =>
    (f.check === "metadata.software" || f.check === "pdf.producer") &&
    (f.severity === "medium" || f.severity === "high"),
  /** What the file's history says (who saved it, when): the save itself, never an anomaly of the content. */
  fileHistory: [
    "pdf.producer",
    "pdf.dates",
    "pdf.date_mismatch",
    "pdf.impossible_date",
    "pdf.trailing_data",
  ] as readonly string[],
  /** Families whose findings are about the document's content, as opposed to its file's history. */
  contentFamilies: ["mrz", "codes", "content", "pixel", "pdf"] as readonly string[],
  /** What a reader doubts, an expiry, or a check not made: no anomaly of the content. */
  notAnomalies: [
    "mrz.check_digit_ocr",
    "mrz.unreadable",
    "mrz.digit_unread",
    "mrz.expired",
    "content.expired",
  ] as readonly string[],
  /** Identity documents: their machine-readable zone is the check with power. */
  identityTypes: ["passport", "id_card"] as readonly string[],
  /** Without a verified zone, an identity document found clean is VERIFIED with at most this raw confidence. */
  unverifiedIdentityCap: 0.7,
};
