import type { Verdict } from "../../forensics/types";

/** Most severe first: what a reviewer must look at before anything else in the folder. */
const SEVERITY: Verdict[] = ["REJECTED", "SUSPECT", "NOT_CREDENTIAL", "MANUAL_REVIEW", "VERIFIED SAMPLE", "VERIFIED"];

export function worstVerdict(verdicts: Array<Verdict | null>): Verdict | null {
  let worst: Verdict | null = null;
  for (const verdict of verdicts) {
    if (verdict && (worst === null || SEVERITY.indexOf(verdict) < SEVERITY.indexOf(worst))) worst = verdict;
  }
  return worst;
}
