import type { Metadata } from "next";
import { headers } from "next/headers";
import { notFound, permanentRedirect } from "next/navigation";
import { cache } from "react";
import { currentUser } from "@/components/app/current-user";
import { PublicProfileHeader } from "@/components/holder/public/public-profile-header";
import { PublicCredentialList } from "@/components/holder/public/public-credential-list";
import { PublicTimeline } from "@/components/holder/public/public-timeline";
import { SiteHeader } from "@/components/landing/site-header";
import { getDb } from "@/lib/db";
import { badgeUrls, instanceUrl } from "@/lib/holder/badges/badge-urls";
import { getPublicProfilePage } from "@/lib/holder/public/get-public-profile-page";
import { profileVisitor, recordProfileView } from "@/lib/holder/record-profile-view";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ slug: string }> };

// generateMetadata and the page read the same profile once per request.
const loadPage = cache(async (slug: string) => getPublicProfilePage(await getDb(), slug));

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const page = await loadPage((await params).slug);
  if (!page || page.redirectTo !== null) return { title: "Profile not found" };
  const { profile } = page;
  const title = `${profile.display_name} · verified credentials`;
  const count = profile.credentials.length;
  const description =
    profile.headline ??
    `${count} credential${count === 1 ? "" : "s"} verified by Credence, each with a badge anyone can check.`;
  const badge = profile.credentials.find((c) => c.badge_hash)?.badge_hash;
  const image = badge ? badgeUrls(badge).image : profile.avatar_url ? `${instanceUrl()}${profile.avatar_url}` : null;
  const images = image ? [{ url: image }] : undefined;
  return {
    title,
    description,
    openGraph: { title, description, type: "profile", url: `${instanceUrl()}${profile.public_url}`, images },
    twitter: { card: badge ? "summary_large_image" : "summary", title, description, images: image ? [image] : [] },
  };
}

export default async function PublicProfilePage({ params }: Props) {
  const page = await loadPage((await params).slug);
  if (!page) notFound();
  if (page.redirectTo !== null) permanentRedirect(`/u/${page.redirectTo}`);
  const viewer = await currentUser();
  await recordProfileView(await getDb(), page.profileId, profileVisitor({ headers: await headers() }, viewer?.id));
  const { profile } = page;
  return (
    <>
      <SiteHeader />
      <main className="mx-auto max-w-5xl space-y-10 px-6 py-10">
        <PublicProfileHeader profile={profile} links={page.links} />
        <section aria-labelledby="credentials-heading" className="space-y-4">
          <h2 id="credentials-heading" className="text-xl font-semibold">
            Verified credentials
          </h2>
          <PublicCredentialList credentials={profile.credentials} />
        </section>
        <section aria-labelledby="timeline-heading" className="space-y-4">
          <h2 id="timeline-heading" className="text-xl font-semibold">
            Timeline
          </h2>
          <PublicTimeline items={page.timeline} />
        </section>
      </main>
    </>
  );
}
