import type { Metadata } from "next";
import Link from "next/link";
import { notFound, redirect } from "next/navigation";
import { currentUser } from "@/components/app/current-user";
import { AddInstitutionForm, RemoveDomainButton } from "@/components/issuers/institution-forms";
import { getDb } from "@/lib/db";
import { listInstitutions } from "@/lib/issuers/list-institutions";

export const metadata: Metadata = { title: "Verified institutions" };
export const dynamic = "force-dynamic";

/** Admins only (anyone else gets the 404 of a missing page), as `npm run credence -- institutions …`. */
export default async function InstitutionsPage() {
  const user = await currentUser();
  if (!user) redirect("/login?callbackUrl=/admin/institutions");
  if (user.role === "user") notFound();
  const institutions = await listInstitutions(await getDb());
  return (
    <div className="space-y-8">
      <div>
        <Link href="/admin/confirmations" className="text-sm text-brand-600">
          ← Confirmation tracker
        </Link>
        <h1 className="mt-2 text-3xl font-bold tracking-tight">Verified institutions</h1>
        <p className="mt-1 text-slate-600">
          A confirmation speaks for an institution only when it comes from one of these domains; from any other address
          it reads &ldquo;not a verified institution&rdquo;. Add a domain only after checking that the institution
          controls it. Free-mail domains are refused.
        </p>
      </div>
      <AddInstitutionForm />
      {institutions.length === 0 ? (
        <div className="rounded-xl border border-dashed border-slate-300 p-10 text-center text-slate-600">
          No verified institutions yet.
        </div>
      ) : (
        <table className="w-full text-left text-sm">
          <thead className="border-b border-slate-200 text-slate-500">
            <tr>
              <th className="py-2 pr-4 font-medium">Institution</th>
              <th className="py-2 pr-4 font-medium">Domains</th>
              <th className="py-2 font-medium">Added by</th>
            </tr>
          </thead>
          <tbody>
            {institutions.map((i) => (
              <tr key={i.institution_id} className="border-b border-slate-100 align-top">
                <td className="py-2 pr-4 font-semibold">{i.name}</td>
                <td className="py-2 pr-4">
                  {i.domains.length === 0 ? (
                    <span className="text-slate-500">none (no longer verified)</span>
                  ) : (
                    i.domains.map((d) => (
                      <span key={d} className="mr-3 inline-flex items-center">
                        <code className="font-mono text-xs">{d}</code>
                        <RemoveDomainButton domain={d} />
                      </span>
                    ))
                  )}
                </td>
                <td className="py-2 text-slate-600">{i.created_by}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
