import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { currentUser } from "@/components/app/current-user";
import { DisputePanel } from "@/components/verify/dispute-panel";
import { VerificationResult } from "@/components/verify/verification-result";
import { getDb } from "@/lib/db";
import { latestDispute, toApiDispute } from "@/lib/disputes/file-dispute";
import { findPublicVerification } from "@/lib/verifications/public-verification";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Verification result" };

export default async function VerificationPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const db = await getDb();
  const [v, user] = await Promise.all([findPublicVerification(db, id), currentUser()]);
  if (!v) notFound();
  const owned = user ? (await db.verification.count({ where: { id, userId: user.id } })) > 0 : false;
  const dispute = owned && user ? await latestDispute(db, id, user.id) : null;
  return (
    <div className="space-y-8">
      <VerificationResult v={v} />
      {owned && v.status === "completed" && (
        <DisputePanel verificationId={id} existing={dispute && toApiDispute(dispute)} />
      )}
    </div>
  );
}
