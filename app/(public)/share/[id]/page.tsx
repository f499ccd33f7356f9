import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { SiteHeader } from "@/components/landing/site-header";
import { VerificationResult } from "@/components/verify/verification-result";
import { getDb } from "@/lib/db";
import { loadEnv } from "@/lib/env";
import { findPublicVerification } from "@/lib/verifications/public-verification";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { id } = await params;
  const v = await findPublicVerification(await getDb(), id);
  if (!v) return { title: "Verification not found" };
  const title = `${v.verdict ?? "Pending"} · ${v.doc_type ?? "document"} verified by Credence`;
  const description = `Forensic verification of ${v.file_name ?? "a document"}: ${v.verdict ?? "in progress"}, confidence ${Math.round((v.confidence ?? 0) * 100)} %.`;
  const image = new URL(v.og_image_url, loadEnv().APP_URL).toString();
  return {
    title,
    description,
    openGraph: { title, description, type: "article", images: [{ url: image, width: 1200, height: 630 }] },
    twitter: { card: "summary_large_image", title, description, images: [image] },
  };
}

export default async function SharePage({ params }: Props) {
  const { id } = await params;
  const v = await findPublicVerification(await getDb(), id);
  if (!v) notFound();
  return (
    <>
      <SiteHeader />
      <main className="mx-auto max-w-6xl px-6 py-10">
        <p className="mb-6 rounded-lg bg-brand-50 px-4 py-3 text-sm text-brand-700">
          This result was shared with you. Credence analysed the document on its own server; the evidence is shown
          below.{" "}
          <Link href="/upload" className="font-semibold underline">
            Verify your own document
          </Link>
        </p>
        <VerificationResult v={v} />
      </main>
    </>
  );
}
