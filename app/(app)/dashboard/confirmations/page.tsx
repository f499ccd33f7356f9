import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { currentUser } from "@/components/app/current-user";
import { OwnerRequestsTable } from "@/components/issuers/owner-requests-table";
import { PageLinks } from "@/components/ui/page-links";
import { getDb } from "@/lib/db";
import { myRequests } from "@/lib/issuers/my-requests";

export const metadata: Metadata = { title: "Institution confirmations" };
export const dynamic = "force-dynamic";

const PAGE_SIZE = 20;

export default async function ConfirmationsPage({ searchParams }: { searchParams: Promise<{ page?: string }> }) {
  const user = await currentUser();
  if (!user) redirect("/login?callbackUrl=/dashboard/confirmations");
  const page = Math.max(1, Number.parseInt((await searchParams).page ?? "1", 10) || 1);
  const list = await myRequests(await getDb(), user.id, { offset: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE });
  const pages = Math.max(1, Math.ceil(list.total / PAGE_SIZE));
  return (
    <div className="space-y-6">
      <div>
        <Link href="/dashboard" className="text-sm text-brand-600">
          ← Dashboard
        </Link>
        <h1 className="mt-2 text-3xl font-bold tracking-tight">Institution confirmations</h1>
        <p className="mt-1 text-slate-600">
          The requests you sent to issuing institutions and their answers. Ask for one from a verification&apos;s result
          page.
        </p>
      </div>
      {list.items.length === 0 ? (
        <div className="rounded-xl border border-dashed border-slate-300 p-10 text-center text-slate-600">
          {page > 1 ? "No requests on this page." : "You have not asked an institution to confirm a document yet."}{" "}
          <Link href="/dashboard" className="font-semibold text-brand-600">
            Pick a verified credential
          </Link>
        </div>
      ) : (
        <OwnerRequestsTable rows={list.items} showDocument />
      )}
      <PageLinks
        page={page}
        pages={pages}
        total={list.total}
        noun="requests"
        href={(p) => `/dashboard/confirmations?page=${p}`}
      />
    </div>
  );
}
