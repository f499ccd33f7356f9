import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { VerificationResult } from "@/components/verify/verification-result";
import { getDb } from "@/lib/db";
import { findPublicVerification } from "@/lib/verifications/public-verification";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Verification result" };

export default async function VerificationPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const v = await findPublicVerification(await getDb(), id);
  if (!v) notFound();
  return <VerificationResult v={v} />;
}
