import Link from "next/link";
import { VerdictBadge } from "@/components/ui/verdict-badge";
import type { BadgePage } from "@/lib/holder/badges/get-badge-page";

/** One badge: what was verified, by whom, when; its image, files and the signed JSON. */
export function BadgeDetails({ page }: { page: BadgePage }) {
  const { facts, payload, holder } = page;
  const base = `/holder/badge/${payload.badge_hash}`;
  const rows: [string, string | null][] = [
    ["Holder (as read on the document)", facts.holderName],
    ["Document", facts.docType],
    ["Issued by", facts.issuer],
    ["Issued on", facts.issuedOn],
    ["Verified by Credence on", facts.verifiedOn],
    ["The issuing institution", facts.issuerStatus],
    ["Badge issued", payload.credential.validFrom.slice(0, 10)],
    ["Badge issuer", payload.credential.issuer.name],
  ];
  return (
    <article className="grid gap-8 md:grid-cols-[1fr_360px]" aria-label="Badge">
      <div className="space-y-6">
        <header className="space-y-2">
          <VerdictBadge verdict={facts.verdict} />
          <h1 className="text-3xl font-bold tracking-tight">{facts.label}</h1>
          <p className="text-slate-600">
            On the profile of{" "}
            <Link href={`/u/${holder.slug}`} className="font-semibold text-brand-600 underline">
              {holder.displayName}
            </Link>
          </p>
        </header>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
          {rows
            .filter((row): row is [string, string] => row[1] !== null)
            .map(([label, value]) => (
              <div key={label} className="contents">
                <dt className="text-slate-500">{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
        </dl>
        <div className="flex flex-wrap gap-3 text-sm font-medium">
          <a href={`${base}/image`} download className="rounded-lg border border-slate-300 px-4 py-2 hover:bg-slate-50">
            Download PNG
          </a>
          <a
            href={`${base}/certificate`}
            download
            className="rounded-lg border border-slate-300 px-4 py-2 hover:bg-slate-50"
          >
            Download PDF certificate
          </a>
          <a href={base} className="rounded-lg border border-slate-300 px-4 py-2 hover:bg-slate-50">
            Open Badges 3.0 JSON
          </a>
        </div>
        <details className="rounded-lg border border-slate-200 p-4 text-sm">
          <summary className="cursor-pointer font-medium">The signed credential (OB 3.0, VC-JWT)</summary>
          <pre className="mt-3 max-h-96 overflow-auto rounded bg-slate-50 p-3 text-xs">
            {JSON.stringify(payload.credential, null, 2)}
          </pre>
          <p className="mt-3 break-all font-mono text-xs text-slate-600">{payload.credential_jwt}</p>
        </details>
      </div>
      {/* eslint-disable-next-line @next/next/no-img-element -- a generated, cached PNG of our own route */}
      <img src={`${base}/image`} alt={`Badge: ${facts.label}`} className="w-full rounded-xl border border-slate-200" />
    </article>
  );
}
