import Link from "next/link";

export function SiteHeader() {
  return (
    <header className="border-b border-slate-200 bg-white/80 backdrop-blur">
      <nav className="mx-auto flex max-w-6xl items-center justify-between px-6 py-4" aria-label="Main">
        <Link href="/" className="flex items-center gap-2 text-lg font-semibold tracking-tight">
          <span aria-hidden className="grid h-8 w-8 place-items-center rounded-lg bg-brand-600 text-white">
            C
          </span>
          Credence
        </Link>
        <div className="flex items-center gap-6 text-sm font-medium text-slate-600">
          <Link href="/v1/docs/reference" className="hover:text-ink">
            API docs
          </Link>
          <Link href="/developers/tokens" className="hover:text-ink">
            Developers
          </Link>
          <Link href="/login" className="hover:text-ink">
            Sign in
          </Link>
          <Link href="/upload" className="rounded-lg bg-brand-600 px-4 py-2 text-white shadow-sm hover:bg-brand-700">
            Verify a document
          </Link>
        </div>
      </nav>
    </header>
  );
}
