// Approved overrides of the learning engine: how much one check's findings count on one kind of
// document (a document type, a container format, or both). Passed in with the analysis; the
// report's findings stay as the checks found them, only fusion weighs them differently.
import type { DocType, Finding, FusionOverrideRule, FusionOverrides } from "../types";

/** A weight is a factor on a finding's score; beyond these bounds a rule is ignored, not obeyed. */
export const MAX_OVERRIDE_WEIGHT = 4;

export interface Weighed {
  /** The findings with their scores times their weight; a weight of 0 drops the finding. */
  findings: Finding[];
  /** Findings an override lowered: reviewers overruled them here, so they set no floor. */
  lowered: Set<Finding>;
}

/** The rule that applies to a finding: the most specific one (type and format, type, format, any). */
export function ruleFor(
  rules: readonly FusionOverrideRule[],
  check: string,
  docType: DocType,
  format: string,
): FusionOverrideRule | null {
  let best: FusionOverrideRule | null = null;
  let bestRank = -1;
  for (const rule of rules) {
    if (rule.check !== check) continue;
    if (rule.doc_type !== null && rule.doc_type !== docType) continue;
    if (rule.format !== null && rule.format !== format) continue;
    if (!Number.isFinite(rule.weight) || rule.weight < 0 || rule.weight > MAX_OVERRIDE_WEIGHT) continue;
    const rank = (rule.doc_type !== null ? 2 : 0) + (rule.format !== null ? 1 : 0);
    if (rank > bestRank) [best, bestRank] = [rule, rank];
  }
  return best;
}

export function weighFindings(
  findings: Finding[],
  overrides: FusionOverrides | undefined,
  docType: DocType,
  format: string,
): Weighed {
  const lowered = new Set<Finding>();
  if (!overrides || overrides.rules.length === 0) return { findings, lowered };
  const out: Finding[] = [];
  for (const f of findings) {
    // Neutral observations (a zone verified, a signature vouching) are facts, not weights.
    const rule = f.severity === "info" ? null : ruleFor(overrides.rules, f.check, docType, format);
    if (!rule || rule.weight === 1) {
      out.push(f);
      continue;
    }
    if (rule.weight === 0) continue;
    const weighed = { ...f, score: Math.min(1, f.score * rule.weight) };
    if (rule.weight < 1) lowered.add(weighed);
    out.push(weighed);
  }
  return { findings: out, lowered };
}
