// What a verification's verdict is, and for whom: the one representation of a corrected verdict.
//
// - Everyone else (share page, badge, credential claim, issuer request, /v1, social image) sees
//   publicVerdict(): the `verdict` column, which is the engine's verdict, or the one an admin set
//   (POST /dashboard/admin/update-verification, an upheld dispute). A review never writes it.
// - The owner (result page, dashboard, folder page and CSV export), and admins who review, see
//   the latest review over it: reviewedVerdicts() gives that overlay, with the original kept, and
//   withReviewedVerdict() puts it on a row for code that reads `verdict` (folder summaries).
import type { DbClient, Review, Verification } from "../db";
import type { Verdict } from "../forensics/types";
import { timestamp } from "../http/response";
import { fromDbVerdict, toDbVerdict } from "../verifications/verdicts";
import { reviewerOf } from "./serialize";

export interface ReviewedVerdict {
  review_id: string;
  verdict: Verdict;
  /** The verdict everyone else sees, kept beside the correction. */
  original_verdict: Verdict;
  reviewer: "owner" | "admin";
  /** The owner's own e-mail on their reviews; an administrator is not named. */
  reviewer_email: string | null;
  reason: string;
  reviewed_at: string;
}

export function publicVerdict(v: Pick<Verification, "verdict">): Verdict | null {
  return v.verdict ? fromDbVerdict(v.verdict) : null;
}

type ReviewWithReviewer = Review & { reviewer: { email: string } };

function toReviewedVerdict(review: ReviewWithReviewer, v: Pick<Verification, "userId" | "verdict">): ReviewedVerdict {
  const reviewer = reviewerOf(review, v.userId);
  return {
    review_id: review.id,
    verdict: fromDbVerdict(review.newVerdict),
    original_verdict: publicVerdict(v) ?? fromDbVerdict(review.originalVerdict),
    reviewer,
    reviewer_email: reviewer === "owner" ? review.reviewer.email : null,
    reason: review.reason,
    reviewed_at: timestamp(review.createdAt),
  };
}

/** The latest review of each verification that has one, for its owner's views. */
export async function reviewedVerdicts(
  db: DbClient,
  verifications: Array<Pick<Verification, "id" | "userId" | "verdict">>,
): Promise<Map<string, ReviewedVerdict>> {
  const out = new Map<string, ReviewedVerdict>();
  if (verifications.length === 0) return out;
  const byId = new Map(verifications.map((v) => [v.id, v]));
  const latest = await db.review.findMany({
    where: { verificationId: { in: [...byId.keys()] } },
    orderBy: [{ verificationId: "asc" }, { createdAt: "desc" }, { id: "desc" }],
    distinct: ["verificationId"],
    include: { reviewer: { select: { email: true } } },
  });
  for (const review of latest)
    out.set(review.verificationId, toReviewedVerdict(review, byId.get(review.verificationId)!));
  return out;
}

export async function reviewedVerdictOf(
  db: DbClient,
  v: Pick<Verification, "id" | "userId" | "verdict">,
): Promise<ReviewedVerdict | null> {
  return (await reviewedVerdicts(db, [v])).get(v.id) ?? null;
}

/** The row as its owner sees it: `verdict` is the reviewed one when there is a review. */
export function withReviewedVerdict<V extends Pick<Verification, "verdict">>(
  v: V,
  reviewed: ReviewedVerdict | undefined,
): V {
  return reviewed ? { ...v, verdict: toDbVerdict(reviewed.verdict) } : v;
}
