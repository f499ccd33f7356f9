import Link from "next/link";
import { VerdictBadge } from "@/components/ui/verdict-badge";
import type { ApiCredential } from "@/lib/holder/credentials/serialize-credential";

const day = (iso: string | null) => (iso ? iso.slice(0, 10) : null);

/** The public credentials of /u/<slug>, each with its verdict and its badge page. */
export function PublicCredentialList({ credentials }: { credentials: ApiCredential[] }) {
  if (credentials.length === 0) return <p className="text-slate-600">No published credentials yet.</p>;
  return (
    <ul className="grid gap-4 sm:grid-cols-2" aria-label="Verified credentials">
      {credentials.map((c) => (
        <li key={c.credential_id} className="rounded-xl border border-slate-200 p-5 shadow-sm">
          <div className="flex flex-wrap items-center gap-2">
            {c.verdict && <VerdictBadge verdict={c.verdict} />}
            {c.is_pinned && <span className="text-xs font-medium text-slate-500">Pinned</span>}
          </div>
          <h3 className="mt-2 text-lg font-semibold">{c.label}</h3>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm text-slate-600">
            <dt>Document</dt>
            <dd>{c.doc_type.replace(/_/g, " ")}</dd>
            {c.issuer && (
              <>
                <dt>Issued by</dt>
                <dd>{c.issuer}</dd>
              </>
            )}
            {c.issued_on && (
              <>
                <dt>Issued on</dt>
                <dd>{c.issued_on}</dd>
              </>
            )}
            {c.verified_at && (
              <>
                <dt>Verified on</dt>
                <dd>{day(c.verified_at)}</dd>
              </>
            )}
          </dl>
          {c.badge_url && (
            <Link href={c.badge_url} className="mt-3 inline-block text-sm font-semibold text-brand-600 underline">
              View signed badge
            </Link>
          )}
        </li>
      ))}
    </ul>
  );
}
