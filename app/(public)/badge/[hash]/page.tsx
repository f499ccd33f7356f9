import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { BadgeDetails } from "@/components/holder/public/badge-details";
import { SignatureStatus } from "@/components/holder/public/signature-status";
import { SiteHeader } from "@/components/landing/site-header";
import { getDb } from "@/lib/db";
import { getBadgePage } from "@/lib/holder/badges/get-badge-page";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ hash: string }> };

// generateMetadata and the page read (and sign, and check) the badge once per request.
const loadBadge = cache(async (hash: string) => getBadgePage(await getDb(), hash));

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const page = await loadBadge((await params).hash);
  if (!page) return { title: "Badge not found" };
  const { facts, payload } = page;
  const title = `${facts.label} · ${facts.verdict} by Credence`;
  const description = `${facts.holderName}'s ${facts.docType}${facts.issuer ? ` from ${facts.issuer}` : ""}, verified by Credence on ${facts.verifiedOn}. A signed Open Badges 3.0 credential anyone can check.`;
  return {
    title,
    description,
    openGraph: { title, description, type: "article", url: payload.page_url, images: [{ url: payload.image_url }] },
    twitter: { card: "summary_large_image", title, description, images: [payload.image_url] },
  };
}

export default async function BadgePage({ params }: Props) {
  const page = await loadBadge((await params).hash);
  if (!page) notFound();
  return (
    <>
      <SiteHeader />
      <main className="mx-auto max-w-5xl space-y-8 px-6 py-10">
        <SignatureStatus signature={page.signature} jwksUrl={page.payload.jwks_url} />
        <BadgeDetails page={page} />
      </main>
    </>
  );
}
