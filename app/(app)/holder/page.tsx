import type { Metadata } from "next";
import { redirect } from "next/navigation";
import type { ReactNode } from "react";
import { currentUser } from "@/components/app/current-user";
import { AchievementsPanel } from "@/components/holder/achievements-panel";
import { BiographyPanel } from "@/components/holder/biography-panel";
import { CredentialsPanel } from "@/components/holder/credentials-panel";
import { CvPanel } from "@/components/holder/cv-panel";
import { HolderTabs, holderTab, type HolderTabId } from "@/components/holder/holder-tabs";
import { ProfilePanel } from "@/components/holder/profile-panel";
import { SocialLinksPanel } from "@/components/holder/social-links-panel";
import { TimelinePanel } from "@/components/holder/timeline-panel";
import { getDb, type User } from "@/lib/db";
import { getBiography } from "@/lib/holder/biography/get-biography";
import { getOwnProfile } from "@/lib/holder/profile/get-own-profile";
import { getHolderStats } from "@/lib/holder/stats/get-holder-stats";
import { listSocialLinks } from "@/lib/holder/social-links/list-social-links";
import { ApiError } from "@/lib/http/errors";

export const metadata: Metadata = { title: "Holder profile" };
export const dynamic = "force-dynamic";

/** A lookup that answers 404 before the profile (or the biography) exists: null, not an error page. */
async function unlessMissing<T>(load: Promise<T>): Promise<T | null> {
  try {
    return await load;
  } catch (error) {
    if (error instanceof ApiError && error.code === "not_found") return null;
    throw error;
  }
}

/** One panel per tab of components/holder/holder-tabs.tsx. */
const PANELS: Record<HolderTabId, (user: User) => Promise<ReactNode>> = {
  profile: async (user) => {
    const db = await getDb();
    const [own, stats] = await Promise.all([
      unlessMissing(getOwnProfile(db, user.id)),
      unlessMissing(getHolderStats(db, user.id)),
    ]);
    return <ProfilePanel profile={own?.profile ?? null} stats={stats} suggestedName={user.name ?? ""} />;
  },
  credentials: async (user) => {
    const own = await unlessMissing(getOwnProfile(await getDb(), user.id));
    if (!own) return <p className="text-slate-600">Create your profile on the Profile tab first.</p>;
    return <CredentialsPanel credentials={own.credentials} />;
  },
  social: async (user) => <SocialLinksPanel links={(await listSocialLinks(await getDb(), user.id)).data} />,
  biography: async (user) => {
    const db = await getDb();
    const own = await unlessMissing(getOwnProfile(db, user.id));
    if (!own) return <p className="text-slate-600">Create your profile on the Profile tab first.</p>;
    return <BiographyPanel biography={await unlessMissing(getBiography(db, user.id))} />;
  },
  timeline: async () => <TimelinePanel />,
  cv: async () => <CvPanel />,
  achievements: async () => <AchievementsPanel />,
};

export default async function HolderPage({ searchParams }: { searchParams: Promise<{ tab?: string | string[] }> }) {
  const tab = holderTab((await searchParams).tab);
  const user = await currentUser();
  if (!user) redirect(`/login?callbackUrl=${encodeURIComponent(`/holder?tab=${tab}`)}`);
  return (
    <div className="space-y-8">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Holder profile</h1>
        <p className="mt-1 text-slate-600">
          Your public profile, its credentials, links, biography, timeline, CV and achievements.
        </p>
        <HolderTabs current={tab} />
      </div>
      {await PANELS[tab](user)}
    </div>
  );
}
