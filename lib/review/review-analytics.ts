// Override statistics for admins: how often reviewers change the engine's verdict, per document
// type, per check they named wrong and per original verdict. One review per verification counts
// (its latest), so re-reviewing does not inflate a rate.
import type { DbClient } from "../db";
import { countingChecks, loadReviewed } from "./learning/load-reviewed";
import { currentOverrides } from "./overrides/current-overrides";

interface Tally {
  reviews: number;
  overrides: number;
}

export async function reviewAnalytics(db: DbClient) {
  const [reviewed, overrides] = await Promise.all([loadReviewed(db), currentOverrides(db)]);
  const byDocType = new Map<string, Tally>();
  const byCheck = new Map<string, Tally>();
  const byVerdict = new Map<string, Tally>();
  const transitions = new Map<string, number>();
  let overridden = 0;
  for (const r of reviewed) {
    const changed = r.reviewed !== r.original;
    if (changed) {
      overridden++;
      const key = `${r.original}→${r.reviewed}`;
      transitions.set(key, (transitions.get(key) ?? 0) + 1);
    }
    count(byDocType, r.docType, changed);
    count(byVerdict, r.original, changed);
    const checks = r.report ? countingChecks(r.report) : new Set<string>();
    for (const check of r.wrongChecks) checks.add(check);
    for (const check of checks) count(byCheck, check, r.wrongChecks.includes(check));
  }
  return {
    total_reviews: reviewed.length,
    total_overrides: overridden,
    override_rate: rate(overridden, reviewed.length),
    reviewers: new Set(reviewed.map((r) => r.reviewerId)).size,
    by_doc_type: rows(byDocType),
    by_check: rows(byCheck),
    by_verdict: rows(byVerdict),
    transitions: [...transitions]
      .map(([key, n]) => {
        const [from, to] = key.split("→");
        return { from, to, count: n };
      })
      .sort((a, b) => b.count - a.count),
    overrides_version: overrides?.version ?? null,
  };
}

function count(map: Map<string, Tally>, key: string, overridden: boolean): void {
  const tally = map.get(key) ?? { reviews: 0, overrides: 0 };
  tally.reviews++;
  if (overridden) tally.overrides++;
  map.set(key, tally);
}

const rate = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 1000) / 1000);

/** Highest override rate first, then most reviewed. */
function rows(map: Map<string, Tally>) {
  return [...map]
    .map(([key, t]) => ({ key, ...t, rate: rate(t.overrides, t.reviews) }))
    .sort((a, b) => b.rate - a.rate || b.reviews - a.reviews || a.key.localeCompare(b.key));
}
