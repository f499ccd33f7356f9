import type { toInstitutionView } from "@/lib/issuers/serialize";
import { VerdictBadge } from "../ui/verdict-badge";
import { label, percent } from "../verify/report-view-model";
import { AnswerForm } from "./answer-form";
import { ApprovalFrame } from "./approval-frame";
import { LinkProblem } from "./link-problem";

type InstitutionView = ReturnType<typeof toInstitutionView>;

const day = (iso: string | null) => (iso ? iso.slice(0, 10) : "an earlier date");

/** The request as the institution sees it: the document's fields and Credence's verdict, nothing else. */
export function ApprovalPage({ token, view }: { token: string; view: InstitutionView }) {
  if (view.status === "expired")
    return <LinkProblem kind="expired" detail={`It expired on ${day(view.expires_at)}.`} />;
  const doc = view.document;
  const fields = Object.entries(doc.fields);
  return (
    <ApprovalFrame>
      <section className="space-y-2">
        <p className="text-sm uppercase tracking-wide text-slate-500">For {view.institution_name}</p>
        <h1 className="text-3xl font-bold tracking-tight">Did you issue this {label(doc.doc_type ?? "document")}?</h1>
        <p className="text-slate-700">
          Someone presented the document below as issued by your institution and asked for your confirmation. You need
          no account; your answer is shown beside the verification.
        </p>
        {view.message && (
          <blockquote className="rounded-lg bg-slate-50 px-4 py-3 text-sm text-slate-700">
            <span className="font-semibold">Their note:</span> {view.message}
          </blockquote>
        )}
      </section>

      <section aria-labelledby="document" className="rounded-2xl border border-slate-200 p-6">
        <h2 id="document" className="text-lg font-semibold">
          What the document says
        </h2>
        {fields.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">No fields could be read from the document.</p>
        ) : (
          <dl className="mt-3 grid gap-x-8 gap-y-2 sm:grid-cols-2">
            {fields.map(([key, value]) => (
              <div key={key} className="flex justify-between gap-4 border-b border-slate-100 py-1 text-sm">
                <dt className="text-slate-500">{label(key)}</dt>
                <dd className="text-right font-medium">{String(value)}</dd>
              </div>
            ))}
          </dl>
        )}
        <p className="mt-3 text-xs text-slate-500">
          {doc.page_count} page(s). The first page was attached to the e-mail.
        </p>
      </section>

      <section aria-labelledby="findings" className="rounded-2xl border border-slate-200 p-6">
        <h2 id="findings" className="text-lg font-semibold">
          What Credence found
        </h2>
        <div className="mt-2 flex flex-wrap items-center gap-3 text-sm">
          {doc.verdict ? <VerdictBadge verdict={doc.verdict} /> : <span>No verdict</span>}
          <span>Confidence {percent(doc.confidence)}</span>
          {doc.verified_at && <span className="text-slate-500">analysed {day(doc.verified_at)}</span>}
        </div>
        {doc.summary && <p className="mt-3 text-slate-700">{doc.summary}</p>}
        <p className="mt-3 text-xs text-slate-500">
          The forensic analysis looks for tampering; only you can say whether your institution issued the document.
        </p>
      </section>

      {view.can_respond ? (
        <AnswerForm token={token} expiresAt={view.expires_at} />
      ) : (
        <section role="status" className="rounded-2xl border border-slate-200 p-6">
          <h2 className="text-lg font-semibold">This request was already answered</h2>
          <p className="mt-2 text-slate-700">
            It was {view.status} on {day(view.responded_at)}. A link answers once; the first answer stands.
          </p>
        </section>
      )}
    </ApprovalFrame>
  );
}
