import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { currentUser } from "@/components/app/current-user";
import { DeleteAccountForm } from "@/components/gdpr/delete-account-form";
import { DeleteVerificationButton } from "@/components/gdpr/delete-verification-button";
import { VerdictBadge } from "@/components/ui/verdict-badge";
import { getDb } from "@/lib/db";
import { collectUserData } from "@/lib/gdpr/collect-user-data";
import { verificationSummary } from "@/lib/verifications/public-verification";

export const metadata: Metadata = { title: "Privacy & data" };
export const dynamic = "force-dynamic";

const SHOWN = 50;

/** The owner's view of what is stored about them, its download, and erasure (README "Privacy and your data"). */
export default async function PrivacyPage() {
  const user = await currentUser();
  if (!user) redirect("/login?callbackUrl=/dashboard/privacy");
  const db = await getDb();
  const [data, recent] = await Promise.all([
    collectUserData(db, user.id),
    db.verification.findMany({ where: { userId: user.id }, orderBy: { id: "desc" }, take: SHOWN }),
  ]);
  const counts = Object.entries(data.sections).filter(([, rows]) => rows.length > 0);
  const total = data.sections.verifications.length;
  return (
    <div className="space-y-10">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Privacy &amp; data</h1>
        <p className="mt-1 text-slate-600">Everything Credence stores about your account, and how to erase it.</p>
      </div>

      <section aria-labelledby="mine" className="space-y-4">
        <h2 id="mine" className="text-xl font-semibold">
          Your data
        </h2>
        <p className="text-sm text-slate-600">
          Secrets (your password, API token secrets, webhook signing secrets) are never shown, not even to you.
        </p>
        <div className="flex flex-wrap gap-3 text-sm">
          <a href="/gdpr/export?format=json" className="rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white">
            Download JSON
          </a>
          <a href="/gdpr/export?format=csv" className="rounded-lg border border-slate-300 px-4 py-2 font-semibold">
            Download CSV
          </a>
          <a href="/gdpr/my-data" className="rounded-lg border border-slate-300 px-4 py-2 font-semibold">
            View as JSON
          </a>
        </div>
        <table className="text-left text-sm">
          <thead className="text-slate-500">
            <tr>
              <th className="py-1 pr-8">Kind of record</th>
              <th>Stored</th>
            </tr>
          </thead>
          <tbody>
            <tr className="border-t border-slate-100">
              <td className="py-1 pr-8">account</td>
              <td>1</td>
            </tr>
            {counts.map(([section, rows]) => (
              <tr key={section} className="border-t border-slate-100">
                <td className="py-1 pr-8">{section.replace(/_/g, " ")}</td>
                <td>{rows.length}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      <section aria-labelledby="erase-one" className="space-y-4">
        <h2 id="erase-one" className="text-xl font-semibold">
          Erase a verification
        </h2>
        <p className="text-sm text-slate-600">
          Its stored file and page images, its report, its share link, credentials and badges made from it, and its
          place in folders all go. The credit it cost stays in your ledger.
        </p>
        {recent.length === 0 ? (
          <div className="rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-600">
            You have no verifications. <Link href="/upload">Verify a document</Link>
          </div>
        ) : (
          <ul className="divide-y divide-slate-100">
            {recent.map((v) => {
              const summary = verificationSummary(v);
              const name = summary.file_name ?? v.id;
              return (
                <li
                  key={v.id}
                  className="flex flex-wrap items-center gap-3 py-2 text-sm"
                  data-testid="privacy-verification"
                >
                  <Link href={`/verifications/${v.id}`} className="font-semibold text-brand-600">
                    {name}
                  </Link>
                  {summary.verdict && <VerdictBadge verdict={summary.verdict} />}
                  <span className="text-slate-500">{summary.created_at.slice(0, 10)}</span>
                  <DeleteVerificationButton verificationId={v.id} name={name} />
                </li>
              );
            })}
          </ul>
        )}
        {total > SHOWN && (
          <p className="text-sm text-slate-600">
            The {SHOWN} newest of {total}; `POST /gdpr/delete-verification/&#123;id&#125;` erases any of them.
          </p>
        )}
      </section>

      <section aria-labelledby="erase-all" className="space-y-4 rounded-xl border border-red-200 p-6">
        <h2 id="erase-all" className="text-xl font-semibold text-rejected">
          Delete your account
        </h2>
        <p className="text-sm text-slate-600">
          Erases the account and everything it owns: verifications and their files, folders, your holder profile with
          its avatar, CVs, credentials and badges, API tokens, webhook endpoints and events. You are signed out
          everywhere. Records of payments stay, without your name or e-mail, because accounting law requires them. This
          cannot be undone: download your data first.
        </p>
        <DeleteAccountForm email={user.email} />
      </section>
    </div>
  );
}
