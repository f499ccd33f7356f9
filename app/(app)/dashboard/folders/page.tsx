import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { currentUser } from "@/components/app/current-user";
import { CreateFolderForm } from "@/components/folders/create-folder-form";
import { FOLDER_STATUS_LABELS } from "@/components/folders/folder-status";
import { VerdictBadge } from "@/components/ui/verdict-badge";
import { getDb } from "@/lib/db";
import { FOLDER_STATUSES, type FolderStatus } from "@/lib/folders/folder-schema";
import { listFolders } from "@/lib/folders/list-folders";

export const metadata: Metadata = { title: "Applicant folders" };
export const dynamic = "force-dynamic";

const PAGE_SIZE = 20;

type Search = { status?: string; after?: string };

export default async function FoldersPage({ searchParams }: { searchParams: Promise<Search> }) {
  const user = await currentUser();
  if (!user) redirect("/login?callbackUrl=/dashboard/folders");
  const search = await searchParams;
  const status = FOLDER_STATUSES.find((s) => s === search.status) as FolderStatus | undefined;
  const page = await listFolders(await getDb(), user.id, {
    limit: PAGE_SIZE,
    status,
    starting_after: search.after?.slice(0, 64) || undefined,
  });
  const href = (extra: Record<string, string>) =>
    `/dashboard/folders?${new URLSearchParams({ ...(status ? { status } : {}), ...extra })}`;

  return (
    <div className="space-y-8">
      <div>
        <Link href="/dashboard" className="text-sm text-brand-600">
          ← Dashboard
        </Link>
        <h1 className="mt-2 text-3xl font-bold tracking-tight">Applicant folders</h1>
        <p className="mt-1 text-slate-600">
          Group one applicant&apos;s documents, see whether they agree with each other, and export the results.
        </p>
      </div>

      <CreateFolderForm />

      <nav className="flex flex-wrap gap-2 text-sm" aria-label="Filter by status">
        <Link
          href="/dashboard/folders"
          className={`rounded-full px-3 py-1 ${status ? "bg-slate-100" : "bg-brand-600 text-white"}`}
        >
          All
        </Link>
        {FOLDER_STATUSES.map((s) => (
          <Link
            key={s}
            href={`/dashboard/folders?status=${s}`}
            className={`rounded-full px-3 py-1 ${status === s ? "bg-brand-600 text-white" : "bg-slate-100"}`}
          >
            {FOLDER_STATUS_LABELS[s]}
          </Link>
        ))}
      </nav>

      {page.data.length === 0 ? (
        <div className="rounded-xl border border-dashed border-slate-300 p-10 text-center text-slate-600">
          {status || search.after
            ? "No folders here."
            : "No folders yet. Create one above, then add the applicant's verified documents to it."}
        </div>
      ) : (
        <table className="w-full text-left text-sm">
          <thead className="border-b border-slate-200 text-slate-500">
            <tr>
              <th className="py-2 pr-4 font-medium">Folder</th>
              <th className="py-2 pr-4 font-medium">Applicant</th>
              <th className="py-2 pr-4 font-medium">Status</th>
              <th className="py-2 pr-4 font-medium">Documents</th>
              <th className="py-2 font-medium">Worst verdict</th>
            </tr>
          </thead>
          <tbody>
            {page.data.map((f) => (
              <tr key={f.id} className="border-b border-slate-100">
                <td className="py-2 pr-4">
                  <Link href={`/dashboard/folders/${f.id}`} className="font-semibold text-brand-600">
                    {f.name}
                  </Link>
                  {f.reference && <div className="text-xs text-slate-500">{f.reference}</div>}
                </td>
                <td className="py-2 pr-4">{f.applicant_name ?? "—"}</td>
                <td className="py-2 pr-4">{FOLDER_STATUS_LABELS[f.status]}</td>
                <td className="py-2 pr-4">{f.document_count}</td>
                <td className="py-2">{f.worst_verdict ? <VerdictBadge verdict={f.worst_verdict} /> : "—"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {(page.has_more || search.after) && (
        <nav className="flex justify-between text-sm" aria-label="Pages">
          {search.after ? (
            <Link href={href({})} className="font-semibold text-brand-600">
              ← Newest
            </Link>
          ) : (
            <span />
          )}
          {page.next_cursor && (
            <Link href={href({ after: page.next_cursor })} className="font-semibold text-brand-600">
              Older →
            </Link>
          )}
        </nav>
      )}
    </div>
  );
}
