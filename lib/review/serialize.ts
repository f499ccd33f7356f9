import type { Review, RuleSuggestion, Verification } from "../db";
import type { FusionOverrideRule } from "../forensics/types";
import { timestamp } from "../http/response";
import { fromDbVerdict } from "../verifications/verdicts";

/** Whether the reviewer reviewed their own verification or as an administrator. */
export function reviewerOf(review: Pick<Review, "reviewerId">, ownerId: string | null): "owner" | "admin" {
  return review.reviewerId === ownerId ? "owner" : "admin";
}

export function toApiReview(review: Review & { verification: Pick<Verification, "userId" | "fileName" | "docType"> }) {
  const original = fromDbVerdict(review.originalVerdict);
  const verdict = fromDbVerdict(review.newVerdict);
  return {
    id: review.id,
    object: "review" as const,
    verification_id: review.verificationId,
    file_name: review.verification.fileName,
    doc_type: review.verification.docType,
    reviewer: reviewerOf(review, review.verification.userId),
    original_verdict: original,
    verdict,
    overrides: original !== verdict,
    reason: review.reason,
    wrong_checks: review.overriddenChecks,
    created_at: timestamp(review.createdAt),
  };
}

const EMPTY_REPLAY = { total: 0, changed: 0, match_review: 0 };

export function toApiSuggestion(s: RuleSuggestion) {
  const evidence = (s.evidence ?? {}) as Record<string, number>;
  const effect = (s.effect ?? {}) as Record<string, unknown>;
  return {
    id: s.id,
    object: "rule_suggestion" as const,
    status: s.status,
    rule: s.rule as unknown as FusionOverrideRule,
    description: s.description,
    support: s.support,
    evidence: {
      reviewers: evidence.reviewers ?? s.support,
      verifications_reviewed: evidence.verifications_reviewed ?? 0,
      verifications_overruled: evidence.verifications_overruled ?? 0,
      override_rate: evidence.override_rate ?? 0,
    },
    effect: {
      overruled: (effect.overruled as typeof EMPTY_REPLAY | undefined) ?? EMPTY_REPLAY,
      confirmed: (effect.confirmed as typeof EMPTY_REPLAY | undefined) ?? EMPTY_REPLAY,
      predicted: (effect.predicted as Array<{ verification_id: string; from: string; to: string }> | undefined) ?? [],
      estimated: (effect.estimated as number | undefined) ?? 0,
    },
    decision_note: s.decisionNote,
    overrides_version: s.overridesVersion,
    created_at: timestamp(s.createdAt),
    decided_at: s.decidedAt ? timestamp(s.decidedAt) : null,
  };
}
