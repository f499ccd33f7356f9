// The learning engine, pure: reviewed verifications in, rule suggestions out. A check that
// reviewers keep naming wrong on one kind of document (a type, or a type in one container format)
// gets a weight proposal, and each proposal is measured by weighing the stored reports of the
// reviewed verifications again (refuseReport) under the overrides in force plus the proposal.
//
// One account cannot steer the engine: a scope needs MIN_REVIEWERS distinct accounts among those
// who overruled the check, besides MIN_OVERRULED verifications and a rate of MIN_RATE; an admin
// still approves every suggestion.
import { refuseReport } from "../../forensics/pipeline/refuse";
import type { FusionOverrideRule, FusionOverrides, Verdict } from "../../forensics/types";
import { countingChecks, type Reviewed, type StoredReport } from "./load-reviewed";

export const MIN_REVIEWERS = 3;
export const MIN_OVERRULED = 3;
export const MIN_RATE = 0.7;
/** Weights tried, mildest first: a tie goes to the smaller change. */
const LOWER = [0.5, 0.25, 0];
const RAISE = [1.5, 2, 3];

/** How far a verdict is from clean: a review that lowers it overrules the checks it names as too strong. */
const RANK: Partial<Record<Verdict, number>> = { VERIFIED: 0, MANUAL_REVIEW: 1, SUSPECT: 2, REJECTED: 3 };

type Scored = Reviewed & { report: StoredReport; direction: "lower" | "raise" | null };

export interface Replay {
  total: number;
  changed: number;
  match_review: number;
}

export interface Suggested {
  scopeKey: string;
  rule: FusionOverrideRule;
  description: string;
  support: number;
  evidence: {
    reviewers: number;
    verifications_reviewed: number;
    verifications_overruled: number;
    override_rate: number;
  };
  effect: {
    overruled: Replay;
    confirmed: Replay;
    predicted: Array<{ verification_id: string; from: Verdict; to: Verdict }>;
    estimated: number;
  };
}

export const scopeKey = (rule: Pick<FusionOverrideRule, "check" | "doc_type" | "format">) =>
  `${rule.check}|${rule.doc_type ?? "*"}|${rule.format ?? "*"}`;

export function suggestRules(reviewed: Reviewed[], current: FusionOverrides | undefined): Suggested[] {
  const scored: Scored[] = [];
  for (const r of reviewed) {
    const from = RANK[r.original];
    const to = RANK[r.reviewed];
    // NOT_CREDENTIAL is the classifier's call and a test sample no judgement: no check weighed them.
    if (!r.report || !r.report.is_credential || from === undefined || to === undefined) continue;
    scored.push({ ...r, report: r.report, direction: to < from ? "lower" : to > from ? "raise" : null });
  }
  const out: Suggested[] = [];
  for (const [key, members] of groupByScope(scored)) {
    const [check, docType, format] = key.split("|");
    for (const direction of ["lower", "raise"] as const) {
      const suggestion = propose(check, docType, format === "*" ? null : format, direction, members, current);
      if (suggestion) out.push(suggestion);
    }
  }
  // A type-wide rule only where no format of that type had its own.
  const specific = new Set(out.filter((s) => s.rule.format !== null).map((s) => `${s.rule.check}|${s.rule.doc_type}`));
  return out
    .filter((s) => s.rule.format !== null || !specific.has(`${s.rule.check}|${s.rule.doc_type}`))
    .sort((a, b) => b.support - a.support || a.scopeKey.localeCompare(b.scopeKey));
}

/** check|type|format and check|type|* → the reviewed verifications where the check counted. */
function groupByScope(scored: Scored[]): Map<string, Scored[]> {
  const groups = new Map<string, Scored[]>();
  const add = (key: string, r: Scored) => groups.set(key, [...(groups.get(key) ?? []), r]);
  for (const r of scored) {
    for (const check of countingChecks(r.report)) {
      add(`${check}|${r.report.doc_type}|${r.report.format}`, r);
      add(`${check}|${r.report.doc_type}|*`, r);
    }
  }
  return groups;
}

function propose(
  check: string,
  docType: string,
  format: string | null,
  direction: "lower" | "raise",
  members: Scored[],
  current: FusionOverrides | undefined,
): Suggested | null {
  const overruled = members.filter((r) => r.direction === direction && r.wrongChecks.includes(check));
  const reviewers = new Set(overruled.map((r) => r.reviewerId)).size;
  const rate = overruled.length / members.length;
  if (reviewers < MIN_REVIEWERS || overruled.length < MIN_OVERRULED || rate < MIN_RATE) return null;

  const scope = { check, doc_type: docType as FusionOverrideRule["doc_type"], format };
  const inForce = current?.rules.find((r) => scopeKey(r) === scopeKey(scope))?.weight ?? 1;
  const weights = (direction === "lower" ? LOWER : RAISE).filter((w) =>
    direction === "lower" ? w < inForce : w > inForce,
  );
  const confirmed = members.filter((r) => !overruled.includes(r));
  let best: { weight: number; gain: number; replay: ReturnType<typeof replay> } | null = null;
  for (const weight of weights) {
    const result = replay({ ...scope, weight }, overruled, confirmed, current);
    if (!best || result.gain > best.gain) best = { weight, gain: result.gain, replay: result };
  }
  // A rule that moves no overruled verdict toward its review changes nothing worth approving.
  if (!best || best.gain <= 0 || best.replay.overruled.changed === 0) return null;

  const rule: FusionOverrideRule = { ...scope, weight: best.weight };
  const evidence = {
    reviewers,
    verifications_reviewed: members.length,
    verifications_overruled: overruled.length,
    override_rate: Math.round(rate * 1000) / 1000,
  };
  const { overruled: o, confirmed: c } = best.replay;
  const where = `${format ? `${format.toUpperCase()} files of ` : ""}${docType.replace("_", " ")} documents`;
  const description =
    `On ${where}, ${check} was named wrong in ${overruled.length} of ${members.length} reviewed verdicts ` +
    `(${reviewers} reviewers ${direction === "lower" ? "found the document cleaner" : "found it worse"}): ` +
    `${direction} its weight to ${rule.weight}. Replayed, ${o.changed} of ${o.total} overruled verdicts change ` +
    `and ${o.match_review} then match the review; ${c.changed} of ${c.total} other reviewed verdicts change.`;
  return {
    scopeKey: scopeKey(rule),
    rule,
    description,
    support: reviewers,
    evidence,
    effect: {
      overruled: o,
      confirmed: c,
      predicted: best.replay.predicted,
      estimated: best.replay.estimated,
    },
  };
}

/** The stored reports weighed under the overrides in force, then with the rule added. */
function replay(
  rule: FusionOverrideRule,
  overruled: Scored[],
  confirmed: Scored[],
  current: FusionOverrides | undefined,
) {
  const proposed: FusionOverrides = {
    version: (current?.version ?? 0) + 1,
    rules: [...(current?.rules ?? []).filter((r) => scopeKey(r) !== scopeKey(rule)), rule],
  };
  const predicted: Suggested["effect"]["predicted"] = [];
  let gain = 0;
  let estimated = 0;
  const run = (set: Scored[], sign: 1 | -1): Replay => {
    const tally = { total: set.length, changed: 0, match_review: 0 };
    for (const r of set) {
      const before = refuseReport(r.report, current);
      const after = refuseReport(r.report, proposed);
      if (!after.exact) estimated++;
      if (after.verdict === r.reviewed) tally.match_review++;
      if (after.verdict === before.verdict) continue;
      tally.changed++;
      predicted.push({ verification_id: r.verificationId, from: before.verdict, to: after.verdict });
      // Closer to the reviewer's verdict is a gain on the overruled, and a change the reviewers did
      // not ask for is a loss on the rest.
      const distance = (v: Verdict) => Math.abs((RANK[v] ?? 1) - (RANK[r.reviewed] ?? 1));
      const moved = distance(before.verdict) - distance(after.verdict);
      gain += sign === 1 ? moved : moved > 0 ? 0 : -Math.max(1, -moved);
    }
    return tally;
  };
  return { overruled: run(overruled, 1), confirmed: run(confirmed, -1), predicted, estimated, gain };
}
