import type { ReactNode } from "react";

/**
 * The institution page's frame: no navigation, no link that would carry the visitor elsewhere with
 * the secret in their history, nothing loaded from another site.
 */
export function ApprovalFrame({ children }: { children: ReactNode }) {
  return (
    <>
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-3xl items-center gap-2 px-6 py-4 text-lg font-semibold tracking-tight">
          <span aria-hidden className="grid h-8 w-8 place-items-center rounded-lg bg-brand-600 text-white">
            C
          </span>
          Credence · credential confirmation
        </div>
      </header>
      <main className="mx-auto max-w-3xl space-y-6 px-6 py-10">{children}</main>
    </>
  );
}
