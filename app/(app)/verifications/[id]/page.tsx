import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { currentUser } from "@/components/app/current-user";
import { ClaimPanel } from "@/components/holder/claim-panel";
import { IssuerPanel } from "@/components/issuers/issuer-panel";
import { DisputePanel } from "@/components/verify/dispute-panel";
import { VerificationResult } from "@/components/verify/verification-result";
import { getDb } from "@/lib/db";
import { latestDispute, toApiDispute } from "@/lib/disputes/file-dispute";
import { claimOffer } from "@/lib/holder/credentials/claim-offer";
import { checkEligibility } from "@/lib/issuers/check-eligibility";
import { requestStatus } from "@/lib/issuers/request-status";
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
  return (
    <div className="space-y-8">
      <VerificationResult v={v} />
      {completed && offer && <ClaimPanel verificationId={id} offer={offer} />}
      {issuer && eligibility && completed && (
        <IssuerPanel verificationId={id} requests={issuer.requests} eligibility={eligibility} />
      )}
      {completed && <DisputePanel verificationId={id} existing={dispute && toApiDispute(dispute)} />}
    </div>
  );
}
