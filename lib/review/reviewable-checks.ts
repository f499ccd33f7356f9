import type { Verification } from "../db";
import type { Finding } from "../forensics/types";

/**
 * The checks a review form offers to name wrong: those whose findings counted against the
 * document. Null when the verification cannot be reviewed (not completed, test mode).
 */
export function reviewableChecks(
  v: Pick<Verification, "status" | "verdict" | "livemode" | "verdictJson">,
): string[] | null {
  const report = (v.verdictJson ?? {}) as { test_mode?: boolean; findings?: Finding[] };
  if (v.status !== "completed" || !v.verdict || !v.livemode || report.test_mode) return null;
  const counted = (report.findings ?? []).filter((f) => f.severity !== "info" && f.score > 0);
  return [...new Set(counted.map((f) => f.check))].sort();
}
