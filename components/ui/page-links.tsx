import Link from "next/link";

/** Newer / Older links under a paged list; `href(p)` builds page p's address with the list's filters. */
export function PageLinks({
  page,
  pages,
  total,
  noun,
  href,
}: {
  page: number;
  pages: number;
  total: number;
  noun: string;
  href: (page: number) => string;
}) {
  if (pages <= 1) return null;
  return (
    <nav className="flex items-center justify-between text-sm" aria-label="Pages">
      {page > 1 ? (
        <Link href={href(page - 1)} className="font-semibold text-brand-600">
          ← Newer
        </Link>
      ) : (
        <span />
      )}
      <span className="text-slate-500">
        Page {page} of {pages} · {total} {noun}
      </span>
      {page < pages ? (
        <Link href={href(page + 1)} className="font-semibold text-brand-600">
          Older →
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
