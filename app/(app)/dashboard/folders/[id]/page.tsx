import type { Metadata } from "next";
import Link from "next/link";
import { notFound, redirect } from "next/navigation";
import { currentUser } from "@/components/app/current-user";
import { AddDocumentForm } from "@/components/folders/add-document-form";
import { DeleteFolderButton } from "@/components/folders/delete-folder-button";
import { FolderSettingsForm } from "@/components/folders/folder-settings-form";
import { RemoveDocumentButton } from "@/components/folders/remove-document-button";
import { SummaryPanel } from "@/components/folders/summary-panel";
import { ReviewedMark } from "@/components/review/reviewed-verdict-note";
import { VerdictBadge } from "@/components/ui/verdict-badge";
import { getDb } from "@/lib/db";
import { getFolderDetail } from "@/lib/folders/get-folder-detail";
import { ApiError } from "@/lib/http/errors";
import { listHistory } from "@/lib/verifications/list-history";

export const metadata: Metadata = { title: "Applicant folder" };
export const dynamic = "force-dynamic";

/** How many recent verifications the "add" list offers. */
const CANDIDATES = 50;

export default async function FolderPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const user = await currentUser();
  if (!user) redirect(`/login?callbackUrl=/dashboard/folders/${encodeURIComponent(id)}`);
  const db = await getDb();
  const folder = await getFolderDetail(db, user.id, id).catch((error: unknown) => {
    if (error instanceof ApiError && error.code === "not_found") notFound();
    throw error;
  });
  const { verifications: documents, summary } = folder;
  const inFolder = new Set(documents.map((d) => d.verification_id));
  const recent = await listHistory(db, user.id, { limit: CANDIDATES, offset: 0 });
  const candidates = recent.items
    .filter((v) => !inFolder.has(v.verification_id))
    .map((v) => ({
      id: v.verification_id,
      label: [v.file_name ?? v.verification_id, v.doc_type, v.verdict ?? v.status, v.created_at.slice(0, 10)]
        .filter(Boolean)
        .join(" · "),
    }));
  const names = Object.fromEntries(documents.map((d, i) => [d.verification_id, `#${i + 1} ${d.file_name ?? ""}`]));

  return (
    <div className="space-y-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <Link href="/dashboard/folders" className="text-sm text-brand-600">
            ← Folders
          </Link>
          <h1 className="mt-2 text-3xl font-bold tracking-tight">{folder.name}</h1>
          <p className="mt-1 text-slate-600">
            {folder.applicant_name ?? "No applicant named"}
            {folder.reference ? ` · ${folder.reference}` : ""}
            {summary.worst_verdict ? " · worst verdict " : ""}
            {summary.worst_verdict && <VerdictBadge verdict={summary.worst_verdict} />}
          </p>
        </div>
        <div className="flex gap-3">
          <a
            href={`/folders/${folder.id}/export`}
            className="rounded-lg border border-slate-300 px-4 py-2 text-sm font-semibold hover:border-slate-400"
          >
            Export CSV
          </a>
          <DeleteFolderButton folderId={folder.id} />
        </div>
      </div>

      <SummaryPanel summary={summary} names={names} />

      <section aria-labelledby="documents" className="space-y-4">
        <h2 id="documents" className="text-xl font-semibold">
          Documents ({documents.length})
        </h2>
        {documents.length === 0 ? (
          <div className="rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-600">
            No documents yet. Add the applicant&apos;s verifications below.
          </div>
        ) : (
          <table className="w-full text-left text-sm">
            <thead className="border-b border-slate-200 text-slate-500">
              <tr>
                <th className="py-2 pr-4 font-medium">#</th>
                <th className="py-2 pr-4 font-medium">Document</th>
                <th className="py-2 pr-4 font-medium">Type</th>
                <th className="py-2 pr-4 font-medium">Verdict</th>
                <th className="py-2 pr-4 font-medium">Confidence</th>
                <th className="py-2 font-medium" />
              </tr>
            </thead>
            <tbody>
              {documents.map((d, i) => (
                <tr key={d.verification_id} className="border-b border-slate-100">
                  <td className="py-2 pr-4 text-slate-500">{i + 1}</td>
                  <td className="py-2 pr-4">
                    <Link href={`/verifications/${d.verification_id}`} className="font-semibold text-brand-600">
                      {d.file_name ?? d.verification_id}
                    </Link>
                  </td>
                  <td className="py-2 pr-4">{d.doc_type ?? "—"}</td>
                  <td className="py-2 pr-4">
                    {d.verdict ? <VerdictBadge verdict={d.verdict} /> : d.status}
                    <ReviewedMark review={d.review} />
                  </td>
                  <td className="py-2 pr-4">{d.confidence === null ? "—" : `${Math.round(d.confidence * 100)} %`}</td>
                  <td className="py-2 text-right">
                    <RemoveDocumentButton folderId={folder.id} verificationId={d.verification_id} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <AddDocumentForm folderId={folder.id} candidates={candidates} />
      </section>

      <section aria-labelledby="details" className="space-y-3">
        <h2 id="details" className="text-xl font-semibold">
          Folder details
        </h2>
        <FolderSettingsForm folder={folder} />
      </section>
    </div>
  );
}
