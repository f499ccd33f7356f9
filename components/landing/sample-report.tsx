import { VerdictBadge } from "../ui/verdict-badge";

const FINDINGS = [
  {
    severity: "critical",
    check: "pdf.incremental_update",
    text: "Page 1 was changed by a later revision: the grade line was replaced.",
  },
  {
    severity: "high",
    check: "pixel.ela",
    text: "The date field recompresses unlike text of the same density around it.",
  },
  { severity: "info", check: "mrz.check_digit", text: "All ICAO 9303 check digits are valid." },
];

const DOT: Record<string, string> = { critical: "bg-rejected", high: "bg-suspect", info: "bg-slate-400" };

export function SampleReport() {
  return (
    <figure
      className="rounded-2xl border border-slate-200 bg-white p-6 shadow-xl shadow-slate-200/60"
      aria-label="Example report"
    >
      <div className="flex items-center justify-between">
        <div>
          <p className="text-xs uppercase tracking-wide text-slate-500">diploma.pdf · diploma</p>
          <p className="mt-1 text-2xl font-semibold">Tampered</p>
        </div>
        <VerdictBadge verdict="REJECTED" />
      </div>
      <div className="mt-4 h-2 rounded-full bg-slate-100">
        <div className="h-2 w-[94%] rounded-full bg-rejected" />
      </div>
      <p className="mt-1 text-xs text-slate-500">Confidence 0.94</p>
      <ul className="mt-5 space-y-3">
        {FINDINGS.map((f) => (
          <li key={f.check} className="flex gap-3 text-sm">
            <span aria-hidden className={`mt-1.5 h-2 w-2 shrink-0 rounded-full ${DOT[f.severity]}`} />
            <span>
              <span className="font-mono text-xs text-slate-500">{f.check}</span>
              <br />
              {f.text}
            </span>
          </li>
        ))}
      </ul>
    </figure>
  );
}
