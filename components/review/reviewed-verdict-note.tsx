import type { ReviewedVerdict } from "@/lib/review/reviewed-verdict";
import { VerdictBadge } from "../ui/verdict-badge";

/** Who reviewed: "you" on the owner's own review, "an administrator" otherwise. */
export function reviewerLabel(review: Pick<ReviewedVerdict, "reviewer">, viewerIsOwner = true): string {
  if (review.reviewer === "owner") return viewerIsOwner ? "you" : "the owner";
  return "an administrator";
}

/** A reviewed verdict in a list row: the verdict shown, and what it replaced. */
export function ReviewedMark({ review }: { review: ReviewedVerdict | null }) {
  if (!review) return null;
  return (
    <span className="ml-2 text-xs text-slate-500" title={`Reviewed by ${reviewerLabel(review)}: ${review.reason}`}>
      reviewed · engine: {review.original_verdict.replace("_", " ")}
    </span>
  );
}

/** The result page's account of a review: the verdict, who gave it and why, and the engine's, kept. */
export function ReviewedVerdictNote({ review, viewerIsOwner }: { review: ReviewedVerdict; viewerIsOwner: boolean }) {
  return (
    <section
      aria-labelledby="reviewed-verdict"
      data-testid="reviewed-verdict"
      className="rounded-2xl border border-brand-200 bg-brand-50 p-5"
    >
      <h2 id="reviewed-verdict" className="flex flex-wrap items-center gap-2 font-semibold">
        Reviewed verdict <VerdictBadge verdict={review.verdict} />
      </h2>
      <p className="mt-2 text-sm text-slate-700">
        Set by {reviewerLabel(review, viewerIsOwner)} on {review.reviewed_at.slice(0, 10)}: &ldquo;{review.reason}
        &rdquo;
      </p>
      <p className="mt-1 text-sm text-slate-600">
        The engine&apos;s verdict, <VerdictBadge verdict={review.original_verdict} />, is kept below. It stays what the
        share link, the badge and institutions see; this review shows only in the owner&apos;s own views.
      </p>
    </section>
  );
}
