import Link from "next/link";
import type { ReactNode } from "react";

const TABS = [
  ["/developers/tokens", "API tokens"],
  ["/developers/webhooks", "Webhooks"],
  ["/developers/usage", "Usage"],
  ["/v1/docs/reference", "API reference"],
] as const;

export default function DevelopersLayout({ children }: { children: ReactNode }) {
  return (
    <div className="space-y-8">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Developers</h1>
        <nav
          className="mt-4 flex flex-wrap gap-2 border-b border-slate-200 text-sm font-medium"
          aria-label="Developer console"
        >
          {TABS.map(([href, label]) => (
            <Link
              key={href}
              href={href}
              className="-mb-px border-b-2 border-transparent px-3 py-2 text-slate-600 hover:border-slate-300 hover:text-ink"
            >
              {label}
            </Link>
          ))}
        </nav>
      </div>
      {children}
    </div>
  );
}
