import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { currentUser } from "@/components/app/current-user";
import { ClaimPanel } from "@/components/holder/claim-panel";
import { IssuerPanel } from "@/components/issuers/issuer-panel";
import { ReviewForm } from "@/components/review/review-form";
import { ReviewedVerdictNote } from "@/components/review/reviewed-verdict-note";
import { DisputePanel } from "@/components/verify/dispute-panel";
import { VerificationResult } from "@/components/verify/verification-result";
import { getDb } from "@/lib/db";
import { latestDispute } from "@/lib/disputes/file-dispute";
import { toApiDispute } from "@/lib/disputes/serialize";
import { claimOffer } from "@/lib/holder/credentials/claim-offer";
import { checkEligibility } from "@/lib/issuers/check-eligibility";
import { requestStatus } from "@/lib/issuers/request-status";
import { mayReview } from "@/lib/review/get-reviewable-verification";
import { reviewableChecks } from "@/lib/review/reviewable-checks";
import { reviewedVerdictOf } from "@/lib/review/reviewed-verdict";
import { findPublicVerification } from "@/lib/verifications/public-verification";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Verification result" };

export default async function VerificationPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const db = await getDb();
  const [v, user] = await Promise.all([findPublicVerification(db, id), currentUser()]);
  if (!v) notFound();
  const owned = user ? await db.verification.findFirst({ where: { id, userId: user.id } }) : null;
  const [dispute, issuer, eligibility, offer] =
    owned && user
      ? await Promise.all([
          latestDispute(db, id, user.id),
          requestStatus(db, id, user.id),
          checkEligibility(db, owned, user.id),
          claimOffer(db, user.id, id),
        ])
      : [null, null, null, null];
  const completed = owned && v.status === "completed";
  // The owner, or an admin, sees the review over the engine's verdict and may give one.
  const row = user && !owned ? await db.verification.findUnique({ where: { id } }) : owned;
  const reviewer = row && mayReview(user, row) ? row : null;
  const reviewed = reviewer ? await reviewedVerdictOf(db, reviewer) : null;
  const checks = reviewer ? reviewableChecks(reviewer) : null;
  return (
    <div className="space-y-8">
      {reviewed && <ReviewedVerdictNote review={reviewed} viewerIsOwner={!!owned} />}
      <VerificationResult v={v} />
      {reviewer && checks && v.verdict && <ReviewForm verificationId={id} verdict={v.verdict} checks={checks} />}
      {completed && offer && <ClaimPanel verificationId={id} offer={offer} />}
      {issuer && eligibility && completed && (
        <IssuerPanel verificationId={id} requests={issuer.requests} eligibility={eligibility} />
      )}
      {completed && <DisputePanel verificationId={id} existing={dispute && toApiDispute(dispute)} />}
    </div>
  );
}
