import type { Metadata } from "next";
import Link from "next/link";
import { notFound, redirect } from "next/navigation";
import { currentUser } from "@/components/app/current-user";
import { RateBars } from "@/components/review/rate-bars";
import { GenerateSuggestionsButton, SuggestionDecision } from "@/components/review/suggestion-actions";
import { Stat } from "@/components/ui/stat";
import { getDb } from "@/lib/db";
import { listDecidedSuggestions, listSuggestions } from "@/lib/review/list-suggestions";
import { currentOverrides } from "@/lib/review/overrides/current-overrides";
import { reviewAnalytics } from "@/lib/review/review-analytics";

export const metadata: Metadata = { title: "Reviews and rule suggestions" };
export const dynamic = "force-dynamic";

/** Admins only, like GET /review/admin/*: anyone else gets the 404 of a missing page. */
export default async function ReviewAdminPage() {
  const user = await currentUser();
  if (!user) redirect("/login?callbackUrl=/admin/review");
  if (user.role === "user") notFound();
  const db = await getDb();
  const [stats, pending, decided, overrides] = await Promise.all([
    reviewAnalytics(db),
    listSuggestions(db),
    listDecidedSuggestions(db),
    currentOverrides(db),
  ]);
  const percent = (r: number) => `${Math.round(r * 100)} %`;

  return (
    <div className="space-y-10">
      <div>
        <Link href="/dashboard" className="text-sm text-brand-600">
          ← Dashboard
        </Link>
        <h1 className="mt-2 text-3xl font-bold tracking-tight">Reviews and rule suggestions</h1>
        <p className="mt-1 max-w-3xl text-slate-600">
          How often reviewers overrule the engine, and the weight changes the learning engine draws from it. A
          suggestion needs at least three distinct accounts; approving one writes the next version of the overrides
          every new analysis is weighed with.
        </p>
      </div>

      <section className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-label="Totals">
        <Stat label="Reviewed verifications" value={stats.total_reviews} />
        <Stat label="Overruled" value={`${stats.total_overrides} (${percent(stats.override_rate)})`} />
        <Stat label="Reviewers" value={stats.reviewers} />
        <Stat label="Overrides in force" value={overrides ? `version ${overrides.version}` : "none"} />
      </section>

      <section aria-labelledby="rates" className="space-y-4">
        <h2 id="rates" className="text-xl font-semibold">
          Override rates
        </h2>
        <div className="grid gap-4 lg:grid-cols-3">
          <RateBars title="By document type" rows={stats.by_doc_type} empty="No reviews yet." />
          <RateBars title="By check named wrong" rows={stats.by_check.slice(0, 15)} empty="No check reviewed yet." />
          <RateBars title="By the engine's verdict" rows={stats.by_verdict} empty="No reviews yet." />
        </div>
      </section>

      <section aria-labelledby="suggestions" className="space-y-4">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <h2 id="suggestions" className="text-xl font-semibold">
            Pending suggestions ({pending.data.length})
          </h2>
          <GenerateSuggestionsButton />
        </div>
        {pending.data.length === 0 ? (
          <div className="rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-600">
            No pending suggestion. Generate them after reviewers have overruled a check on several documents.
          </div>
        ) : (
          <ul className="space-y-4">
            {pending.data.map((s) => (
              <li key={s.id} className="space-y-3 rounded-xl border border-slate-200 p-5" data-suggestion={s.id}>
                <p className="font-mono text-sm">
                  {s.rule.check} · {s.rule.doc_type ?? "any type"} · {s.rule.format ?? "any format"} → weight{" "}
                  {s.rule.weight}
                </p>
                <p className="text-sm text-slate-700">{s.description}</p>
                <dl className="grid gap-2 text-sm sm:grid-cols-4">
                  <div>
                    <dt className="text-slate-500">Distinct reviewers</dt>
                    <dd className="font-semibold">{s.evidence.reviewers}</dd>
                  </div>
                  <div>
                    <dt className="text-slate-500">Overruled</dt>
                    <dd className="font-semibold">
                      {s.evidence.verifications_overruled} of {s.evidence.verifications_reviewed}
                    </dd>
                  </div>
                  <div>
                    <dt className="text-slate-500">Replay: overruled that change</dt>
                    <dd className="font-semibold">
                      {s.effect.overruled.changed} of {s.effect.overruled.total} ({s.effect.overruled.match_review} then
                      match)
                    </dd>
                  </div>
                  <div>
                    <dt className="text-slate-500">Replay: others that change</dt>
                    <dd className="font-semibold">
                      {s.effect.confirmed.changed} of {s.effect.confirmed.total}
                    </dd>
                  </div>
                </dl>
                <SuggestionDecision id={s.id} />
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="in-force" className="space-y-3">
        <h2 id="in-force" className="text-xl font-semibold">
          Overrides in force
        </h2>
        {!overrides || overrides.rules.length === 0 ? (
          <p className="text-sm text-slate-600">None: the engine weighs every check as it was built to.</p>
        ) : (
          <table className="w-full text-left text-sm">
            <thead className="border-b border-slate-200 text-slate-500">
              <tr>
                <th className="py-2 pr-4 font-medium">Check</th>
                <th className="py-2 pr-4 font-medium">Document type</th>
                <th className="py-2 pr-4 font-medium">Format</th>
                <th className="py-2 font-medium">Weight</th>
              </tr>
            </thead>
            <tbody>
              {overrides.rules.map((r) => (
                <tr key={`${r.check}|${r.doc_type}|${r.format}`} className="border-b border-slate-100">
                  <td className="py-2 pr-4 font-mono">{r.check}</td>
                  <td className="py-2 pr-4">{r.doc_type ?? "any"}</td>
                  <td className="py-2 pr-4">{r.format ?? "any"}</td>
                  <td className="py-2">{r.weight}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>

      {decided.length > 0 && (
        <section aria-labelledby="decided" className="space-y-3">
          <h2 id="decided" className="text-xl font-semibold">
            Decided
          </h2>
          <ul className="space-y-2 text-sm">
            {decided.map((s) => (
              <li key={s.id} className="flex flex-wrap items-center gap-2">
                <span
                  className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${s.status === "approved" ? "bg-green-50 text-verified" : "bg-red-50 text-rejected"}`}
                >
                  {s.status}
                </span>
                <span className="font-mono">
                  {s.rule.check} · {s.rule.doc_type ?? "any"} · {s.rule.format ?? "any"} → {s.rule.weight}
                </span>
                <span className="text-slate-600">
                  {s.decided_at?.slice(0, 10)}
                  {s.overrides_version !== null ? ` (overrides version ${s.overrides_version})` : ""}
                  {s.decision_note ? `: ${s.decision_note}` : ""}
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
