import { correctionText, disputeCorrectionOf } from "@/lib/disputes/dispute-correction";
import type { publicVerification } from "@/lib/verifications/public-verification";
import { IssuerStatusLine } from "../issuers/issuer-status-line";
import { VerdictBadge } from "../ui/verdict-badge";
import { FindingsList } from "./findings-list";
import { PageEvidence } from "./page-evidence";
import { RefreshWhilePending } from "./refresh-while-pending";
import { asForensicReport, label, numberedFindings, pagesWithFindings, percent } from "./report-view-model";
import { ShareActions } from "./share-actions";

type PublicVerification = ReturnType<typeof publicVerification>;

const HEADLINE: Record<string, string> = {
  VERIFIED: "Authentic",
  "VERIFIED SAMPLE": "Authentic (test sample)",
  SUSPECT: "Suspicious",
  REJECTED: "Tampered or fabricated",
  NOT_CREDENTIAL: "Not a credential",
  MANUAL_REVIEW: "Needs a human review",
};

/** The `{ code, message }` a failed verification stores, when it has one. */
function failureMessage(error: unknown): string | null {
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === "string" && message ? message : null;
}

export function VerificationResult({ v, showActions = true }: { v: PublicVerification; showActions?: boolean }) {
  const report = asForensicReport(v.report);
  const findings = numberedFindings(report);
  const pages =
    v.status === "completed" && !(v.report as { test_mode?: boolean } | null)?.test_mode
      ? pagesWithFindings(report, v.page_count)
      : [];
  const correction = disputeCorrectionOf(v.report);
  const fields = Object.entries(report.fields ?? {}).filter(([, value]) => value !== null && value !== "");

  return (
    <article className="space-y-8" data-verdict={v.verdict ?? ""}>
      <header className="rounded-2xl border border-slate-200 p-6 shadow-sm">
        <p className="text-xs uppercase tracking-wide text-slate-500">
          {v.file_name ?? "Document"} · {label(v.doc_type ?? "other")} · {v.mode} ·{" "}
          {v.created_at.replace("T", " ").replace("Z", " UTC")}
        </p>
        {v.status === "completed" && v.verdict ? (
          <>
            <div className="mt-2 flex flex-wrap items-center gap-3">
              <h1 className="text-3xl font-bold tracking-tight">{HEADLINE[v.verdict] ?? v.verdict}</h1>
              <VerdictBadge verdict={v.verdict} />
            </div>
            <div className="mt-4 max-w-md">
              <div className="flex justify-between text-sm">
                <span>Confidence</span>
                <span className="font-semibold" data-testid="confidence">
                  {percent(v.confidence)}
                </span>
              </div>
              <div className="mt-1 h-2 rounded-full bg-slate-100">
                <div
                  className="h-2 rounded-full bg-brand-600"
                  style={{ width: percent(v.confidence).replace(" ", "") }}
                />
              </div>
            </div>
            {correction && (
              <p
                role="note"
                data-testid="dispute-correction"
                className="mt-4 max-w-3xl rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900"
              >
                {correctionText(correction)}
              </p>
            )}
            {report.summary && <p className="mt-4 max-w-3xl text-slate-700">{report.summary}</p>}
            {v.issuer && (
              <div>
                <IssuerStatusLine issuer={v.issuer} />
              </div>
            )}
          </>
        ) : v.status === "failed" ? (
          <>
            <h1 className="mt-2 text-2xl font-bold text-rejected">The verification could not be completed</h1>
            {failureMessage(v.error) && <p className="mt-2 max-w-3xl text-slate-700">{failureMessage(v.error)}</p>}
          </>
        ) : (
          <>
            <h1 className="mt-2 text-2xl font-bold">Verification in progress…</h1>
            <RefreshWhilePending />
          </>
        )}
        {showActions && <ShareActions v={v} />}
      </header>

      {fields.length > 0 && (
        <section aria-labelledby="fields">
          <h2 id="fields" className="text-lg font-semibold">
            What the document says
          </h2>
          <dl className="mt-3 grid gap-x-8 gap-y-2 rounded-xl border border-slate-200 p-5 sm:grid-cols-2">
            {fields.map(([key, value]) => (
              <div key={key} className="flex justify-between gap-4 border-b border-slate-100 py-1 text-sm">
                <dt className="text-slate-500">{label(key)}</dt>
                <dd className="text-right font-medium">{String(value)}</dd>
              </div>
            ))}
          </dl>
        </section>
      )}

      <div className="grid gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        {pages.length > 0 && (
          <section aria-labelledby="pages" className="space-y-4">
            <h2 id="pages" className="text-lg font-semibold">
              Evidence on the page
            </h2>
            {pages.map((page) => (
              <PageEvidence key={page} verificationId={v.verification_id} page={page} findings={findings} />
            ))}
          </section>
        )}
        <section aria-labelledby="findings" className="space-y-3">
          <h2 id="findings" className="text-lg font-semibold">
            Findings ({findings.length})
          </h2>
          <FindingsList findings={findings} />
          {report.timings_ms && (
            <p className="text-xs text-slate-500">
              Analysed in {(report.timings_ms.total / 1000).toFixed(2)} s by engine {report.engine_version}.
            </p>
          )}
        </section>
      </div>
    </article>
  );
}
