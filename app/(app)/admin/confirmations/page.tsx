import type { Metadata } from "next";
import Link from "next/link";
import { notFound, redirect } from "next/navigation";
import { currentUser } from "@/components/app/current-user";
import { OwnerRequestsTable } from "@/components/issuers/owner-requests-table";
import { PageLinks } from "@/components/ui/page-links";
import { TrackerFilters } from "@/components/issuers/tracker-filters";
import { Stat } from "@/components/ui/stat";
import { getDb } from "@/lib/db";
import { TrackerQuery } from "@/lib/issuers/issuer-schema";
import { listTracker } from "@/lib/issuers/list-tracker";
import { trackerStats } from "@/lib/issuers/tracker-stats";

export const metadata: Metadata = { title: "Confirmation tracker" };
export const dynamic = "force-dynamic";

const PAGE_SIZE = 50;
type Search = { page?: string; search?: string; status?: string; email_status?: string };

/** Admins only, like the tracker routes (access "admin"): anyone else gets the same 404 as a missing page. */
export default async function TrackerPage({ searchParams }: { searchParams: Promise<Search> }) {
  const user = await currentUser();
  if (!user) redirect("/login?callbackUrl=/admin/confirmations");
  if (user.role === "user") notFound();
  const search = await searchParams;
  // The routes' own query schema; a value it refuses (an unknown status) is dropped, not fatal.
  const parsed = TrackerQuery.safeParse({
    page: search.page,
    page_size: PAGE_SIZE,
    ...(search.search ? { search: search.search } : {}),
    ...(search.status ? { status: search.status } : {}),
    ...(search.email_status ? { email_status: search.email_status } : {}),
  });
  const filter = parsed.success ? parsed.data : { page: 1, page_size: PAGE_SIZE };
  const db = await getDb();
  const [list, stats] = await Promise.all([listTracker(db, filter), trackerStats(db)]);
  const pages = Math.max(1, Math.ceil(list.total / PAGE_SIZE));
  const href = (p: number) =>
    `/admin/confirmations?${new URLSearchParams({
      ...(filter.search ? { search: filter.search } : {}),
      ...(filter.status ? { status: filter.status } : {}),
      ...(filter.email_status ? { email_status: filter.email_status } : {}),
      page: String(p),
    })}`;
  const p50 = stats.response_time_p50_seconds;
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Confirmation tracker</h1>
        <p className="mt-1 text-slate-600">
          Every request to an institution, across accounts.{" "}
          <Link href="/admin/institutions" className="font-semibold text-brand-600">
            Verified institutions
          </Link>
        </p>
      </div>
      <section aria-label="Figures" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
        <Stat label="Requests" value={stats.total} />
        <Stat label="Pending" value={stats.by_status.pending} />
        <Stat
          label="Confirmed (verified institution)"
          value={`${stats.by_status.confirmed} (${stats.confirmed_by_verified_institution})`}
        />
        <Stat label="Disputed" value={stats.by_status.disputed} />
        <Stat label="Median answer time" value={p50 === null ? "—" : `${(p50 / 3600).toFixed(1)} h`} />
      </section>
      {!parsed.success && (
        <p role="alert" className="text-sm text-rejected">
          Some filters were not understood and were ignored.
        </p>
      )}
      <TrackerFilters filters={filter} />
      {list.items.length === 0 ? (
        <div className="rounded-xl border border-dashed border-slate-300 p-10 text-center text-slate-600">
          {filter.status || filter.email_status || filter.search
            ? "No request matches these filters."
            : "No requests yet."}
        </div>
      ) : (
        <OwnerRequestsTable rows={list.items.map((r) => ({ ...r, file_name: r.doc_type }))} showDocument />
      )}
      <PageLinks page={filter.page} pages={pages} total={list.total} noun="requests" href={href} />
    </div>
  );
}
