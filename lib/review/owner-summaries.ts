// Verification summaries for their owner's own lists (dashboard history, folders): `verdict` is the
// reviewed one where a review exists, and `review` says whose it is, why, and what it replaced.
import type { DbClient, Verification } from "../db";
import { verificationSummary } from "../verifications/public-verification";
import { type ReviewedVerdict, reviewedVerdicts, withReviewedVerdict } from "./reviewed-verdict";

export function ownerSummary(v: Verification, review: ReviewedVerdict | null | undefined) {
  return { ...verificationSummary(withReviewedVerdict(v, review ?? undefined)), review: review ?? null };
}

export async function ownerSummaries(db: DbClient, rows: Verification[]) {
  const reviews = await reviewedVerdicts(db, rows);
  return rows.map((v) => ownerSummary(v, reviews.get(v.id)));
}
