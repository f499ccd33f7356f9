import Link from "next/link";

/**
 * The tabs of the holder area (/holder?tab=<id>). /holder's sub-paths are API routes, so the area is
 * one page and a tab is a query parameter. Each area adds its entry here and its panel in
 * app/(app)/holder/page.tsx.
 */
export const HOLDER_TABS = [
  { id: "profile", label: "Profile" },
  { id: "credentials", label: "Credentials" },
  { id: "social", label: "Social links" },
  { id: "biography", label: "Biography" },
  { id: "timeline", label: "Timeline" },
  { id: "cv", label: "CV" },
  { id: "achievements", label: "Achievements" },
] as const satisfies readonly { id: string; label: string }[];

export type HolderTabId = (typeof HOLDER_TABS)[number]["id"];

export function holderTab(value: string | string[] | undefined): HolderTabId {
  return HOLDER_TABS.find((tab) => tab.id === value)?.id ?? "profile";
}

export function HolderTabs({ current }: { current: HolderTabId }) {
  return (
    <nav className="mt-4 flex flex-wrap gap-2 border-b border-slate-200 text-sm font-medium" aria-label="Holder area">
      {HOLDER_TABS.map((tab) => (
        <Link
          key={tab.id}
          href={`/holder?tab=${tab.id}`}
          aria-current={tab.id === current ? "page" : undefined}
          className={
            tab.id === current
              ? "-mb-px border-b-2 border-brand-600 px-3 py-2 text-ink"
              : "-mb-px border-b-2 border-transparent px-3 py-2 text-slate-600 hover:border-slate-300 hover:text-ink"
          }
        >
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}
