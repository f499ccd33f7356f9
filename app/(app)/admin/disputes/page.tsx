import type { Metadata } from "next";
import Link from "next/link";
import { notFound, redirect } from "next/navigation";
import { currentUser } from "@/components/app/current-user";
import { ResolveDisputeForm } from "@/components/disputes/resolve-dispute-form";
import { VerdictBadge } from "@/components/ui/verdict-badge";
import { getDb } from "@/lib/db";
import { DISPUTE_STATUSES, disputeQueueQuerySchema } from "@/lib/disputes/dispute-schema";
import { listDisputes } from "@/lib/disputes/list-disputes";

export const metadata: Metadata = { title: "Disputes" };
export const dynamic = "force-dynamic";

/** Admins only, like GET /gdpr/admin/disputes: anyone else gets the same 404 as a missing page. */
export default async function DisputesPage({ searchParams }: { searchParams: Promise<{ status?: string }> }) {
  const user = await currentUser();
  if (!user) redirect("/login?callbackUrl=/admin/disputes");
  if (user.role === "user") notFound();
  const { status } = await searchParams;
  const parsed = disputeQueueQuerySchema.safeParse({ status: status ?? "pending" });
  const filter = parsed.success ? parsed.data : { status: "pending" as const, limit: 200 };
  const queue = await listDisputes(await getDb(), filter);
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Disputes</h1>
        <p className="mt-1 text-slate-600">
          Owners contesting an automated verdict. Upholding one corrects the verdict wherever the document is shown,
          marked as a correction after review, and tells the owner by e-mail and webhook.
        </p>
      </div>
      <nav aria-label="Status" className="flex gap-3 text-sm">
        {DISPUTE_STATUSES.map((s) => (
          <Link
            key={s}
            href={`/admin/disputes?status=${s}`}
            aria-current={filter.status === s ? "page" : undefined}
            className={`rounded-full border px-3 py-1 ${filter.status === s ? "border-brand-600 font-semibold text-brand-600" : "border-slate-300"}`}
          >
            {s}
          </Link>
        ))}
      </nav>
      {!parsed.success && (
        <p role="alert" className="text-sm text-rejected">
          Unknown status &quot;{status}&quot;; showing pending disputes.
        </p>
      )}
      {queue.items.length === 0 ? (
        <div className="rounded-xl border border-dashed border-slate-300 p-10 text-center text-slate-600">
          No {filter.status} disputes.
        </div>
      ) : (
        <ul className="space-y-4">
          {queue.items.map((d) => (
            <li key={d.dispute_id} className="rounded-xl border border-slate-200 p-5" data-testid="dispute">
              <div className="flex flex-wrap items-center gap-3 text-sm text-slate-600">
                <span className="font-semibold text-ink">#{d.dispute_id}</span>
                <Link href={`/share/${d.verification_id}`} className="font-semibold text-brand-600">
                  {d.verification.file_name ?? d.verification_id}
                </Link>
                <span>{d.verification.doc_type ?? "document"}</span>
                {d.verification.verdict && <VerdictBadge verdict={d.verification.verdict} />}
                <span>filed {d.created_at.slice(0, 10)}</span>
                {d.resolved_at && (
                  <span>
                    {d.status} {d.resolved_at.slice(0, 10)}
                    {d.resolved_by ? ` by ${d.resolved_by}` : ""}
                  </span>
                )}
              </div>
              <p className="mt-2 whitespace-pre-wrap">{d.reason}</p>
              {d.corrected_verdict && (
                <p className="mt-2 text-sm">
                  Corrected from {d.original_verdict} to {d.corrected_verdict}.
                </p>
              )}
              {d.resolution_note && <p className="mt-2 text-sm text-slate-600">Note: {d.resolution_note}</p>}
              {d.status === "pending" && (
                <ResolveDisputeForm disputeId={d.dispute_id} current={d.verification.verdict} />
              )}
            </li>
          ))}
        </ul>
      )}
      {queue.total > queue.items.length && (
        <p className="text-sm text-slate-600">
          Showing {queue.items.length} of {queue.total}; resolve these to see the rest.
        </p>
      )}
    </div>
  );
}
