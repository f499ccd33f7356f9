import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { currentUser } from "@/components/app/current-user";
import { DailyChart } from "@/components/dashboard/daily-chart";
import { ReviewedMark } from "@/components/review/reviewed-verdict-note";
import { FilterForm, FilterSelect } from "@/components/ui/filter-form";
import { PageLinks } from "@/components/ui/page-links";
import { Stat } from "@/components/ui/stat";
import { VerdictBadge } from "@/components/ui/verdict-badge";
import { getDb } from "@/lib/db";
import { DOC_TYPES, VERDICTS, type Verdict } from "@/lib/forensics/types";
import { getVerificationStats } from "@/lib/verifications/get-verification-stats";
import { listHistory } from "@/lib/verifications/list-history";

export const metadata: Metadata = { title: "Dashboard" };
export const dynamic = "force-dynamic";

const PAGE_SIZE = 20;

type Search = { verdict?: string; doc_type?: string; page?: string };

export default async function DashboardPage({ searchParams }: { searchParams: Promise<Search> }) {
  const user = await currentUser();
  if (!user) redirect("/login?callbackUrl=/dashboard");
  const search = await searchParams;
  const verdict = VERDICTS.find((v) => v === search.verdict) as Verdict | undefined;
  const docType = DOC_TYPES.find((d) => d === search.doc_type);
  const page = Math.max(1, Number.parseInt(search.page ?? "1", 10) || 1);
  const db = await getDb();
  const [history, stats] = await Promise.all([
    listHistory(db, user.id, { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE, verdict, docType }),
    getVerificationStats(db, user),
  ]);
  const pages = Math.max(1, Math.ceil(history.total / PAGE_SIZE));
  const href = (p: number) =>
    `/dashboard?${new URLSearchParams({ ...(verdict ? { verdict } : {}), ...(docType ? { doc_type: docType } : {}), page: String(p) })}`;

  return (
    <div className="space-y-10">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Dashboard</h1>
          <p className="mt-1 text-slate-600">Your verifications and what they found.</p>
        </div>
        <div className="flex flex-wrap gap-3">
          {user.role !== "user" && (
            <Link
              href="/admin/review"
              className="rounded-lg border border-slate-300 px-4 py-2 font-semibold hover:border-slate-400"
            >
              Review analytics
            </Link>
          )}
          {user.role !== "user" && (
            <Link
              href="/admin/confirmations"
              className="rounded-lg border border-slate-300 px-4 py-2 font-semibold hover:border-slate-400"
            >
              Confirmation tracker
            </Link>
          )}
          {user.role !== "user" && (
            <Link
              href="/admin/disputes"
              className="rounded-lg border border-slate-300 px-4 py-2 font-semibold hover:border-slate-400"
            >
              Disputes
            </Link>
          )}
          <Link
            href="/dashboard/confirmations"
            className="rounded-lg border border-slate-300 px-4 py-2 font-semibold hover:border-slate-400"
          >
            Institution confirmations
          </Link>
          <Link
            href="/upload"
            className="rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700"
          >
            Verify a document
          </Link>
        </div>
      </div>

      <section aria-labelledby="stats" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <h2 id="stats" className="sr-only">
          Statistics
        </h2>
        <Stat label="Verifications" value={String(stats.total)} />
        <Stat
          label="Rejected or suspect"
          value={String((stats.by_verdict.REJECTED ?? 0) + (stats.by_verdict.SUSPECT ?? 0))}
        />
        <Stat
          label="Average confidence"
          value={stats.average_confidence === null ? "—" : `${Math.round(stats.average_confidence * 100)} %`}
        />
        <Stat label="Credits remaining" value={String(stats.quota.credits_remaining ?? "—")} />
      </section>

      <section aria-labelledby="activity" className="rounded-xl border border-slate-200 p-5">
        <h2 id="activity" className="font-semibold">
          Last 30 days
        </h2>
        <DailyChart days={stats.last_30_days} />
      </section>

      <section aria-labelledby="history" className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="history" className="text-lg font-semibold">
            History
          </h2>
          <FilterForm action="/dashboard">
            <FilterSelect
              name="verdict"
              label="Filter by verdict"
              all="All verdicts"
              options={VERDICTS}
              value={verdict}
            />
            <FilterSelect
              name="doc_type"
              label="Filter by document type"
              all="All document types"
              options={DOC_TYPES}
              value={docType}
              display={(d) => d.replace("_", " ")}
            />
          </FilterForm>
        </div>
        {history.items.length === 0 ? (
          <div className="rounded-xl border border-dashed border-slate-300 p-10 text-center text-slate-600">
            {verdict || docType ? "No verification matches these filters." : "No verifications yet."}{" "}
            <Link href="/upload" className="font-semibold text-brand-600">
              Verify your first document
            </Link>
          </div>
        ) : (
          <div className="overflow-x-auto rounded-xl border border-slate-200">
            <table className="w-full text-left text-sm">
              <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
                <tr>
                  <th className="px-4 py-3">Document</th>
                  <th className="px-4 py-3">Type</th>
                  <th className="px-4 py-3">Verdict</th>
                  <th className="px-4 py-3">Confidence</th>
                  <th className="px-4 py-3">Date</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {history.items.map((item) => (
                  <tr key={item.verification_id} className="hover:bg-slate-50">
                    <td className="px-4 py-3">
                      <Link
                        href={`/verifications/${item.verification_id}`}
                        className="font-medium text-brand-700 hover:underline"
                      >
                        {item.file_name ?? item.verification_id}
                      </Link>
                    </td>
                    <td className="px-4 py-3">{(item.doc_type ?? "—").replace("_", " ")}</td>
                    <td className="px-4 py-3">
                      {item.verdict ? <VerdictBadge verdict={item.verdict} /> : item.status}
                      <ReviewedMark review={item.review} />
                    </td>
                    <td className="px-4 py-3">
                      {item.confidence === null ? "—" : `${Math.round(item.confidence * 100)} %`}
                    </td>
                    <td className="px-4 py-3 text-slate-500">{item.created_at.slice(0, 10)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <PageLinks page={page} pages={pages} total={history.total} noun="verifications" href={href} />
      </section>
    </div>
  );
}
