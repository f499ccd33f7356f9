import { label, SEVERITY_STYLE, type NumberedFinding } from "./report-view-model";

export function FindingsList({ findings }: { findings: NumberedFinding[] }) {
  if (findings.length === 0) {
    return <p className="text-sm text-slate-500">No findings: nothing in this document raised a flag.</p>;
  }
  return (
    <ol className="space-y-3">
      {findings.map((f) => (
        <li key={f.n} id={`finding-${f.n}`} className="rounded-lg border border-slate-200 p-4">
          <div className="flex flex-wrap items-center gap-2 text-xs">
            <span className="grid h-5 min-w-5 place-items-center rounded-full bg-ink px-1 font-semibold text-white">
              {f.n}
            </span>
            <span className={`inline-flex items-center gap-1 font-semibold`}>
              <span aria-hidden className={`h-2 w-2 rounded-full ${SEVERITY_STYLE[f.severity].dot}`} />
              {SEVERITY_STYLE[f.severity].label}
            </span>
            <span className="font-mono text-slate-500">{f.check}</span>
            {f.page !== null && <span className="text-slate-500">page {f.page}</span>}
            {f.score > 0 && <span className="text-slate-500">score {f.score.toFixed(2)}</span>}
          </div>
          <p className="mt-2 text-sm">{f.message}</p>
          {f.evidence && Object.keys(f.evidence).length > 0 && (
            <details className="mt-2 text-xs text-slate-600">
              <summary className="cursor-pointer select-none">Evidence</summary>
              <dl className="mt-2 grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1">
                {Object.entries(f.evidence).map(([k, v]) => (
                  <div key={k} className="contents">
                    <dt className="font-medium">{label(k)}</dt>
                    <dd className="break-all font-mono">{typeof v === "object" ? JSON.stringify(v) : String(v)}</dd>
                  </div>
                ))}
              </dl>
            </details>
          )}
        </li>
      ))}
    </ol>
  );
}
