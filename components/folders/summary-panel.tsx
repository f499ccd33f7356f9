import type { FolderSummary } from "@/lib/folders/summary/summary-schema";

const STATUS_TEXT: Record<FolderSummary["status"], { title: string; tone: string }> = {
  consistent: { title: "Consistent", tone: "border-green-200 bg-green-50 text-verified" },
  conflicts: { title: "Conflicts found", tone: "border-red-200 bg-red-50 text-rejected" },
  not_enough_data: { title: "Not enough data to compare", tone: "border-slate-200 bg-slate-50 text-slate-700" },
};

const COMPARISON_TONE: Record<string, string> = {
  agree: "text-verified",
  variant: "text-suspect",
  conflict: "text-rejected",
  single: "text-slate-500",
};

const COMPARISON_TEXT: Record<string, string> = {
  agree: "Agree",
  variant: "Compatible",
  conflict: "Conflict",
  single: "One document",
};

/** What the folder's documents say about the applicant, compared, with the documents behind each value. */
export function SummaryPanel({ summary, names }: { summary: FolderSummary; names: Record<string, string> }) {
  const status = STATUS_TEXT[summary.status];
  return (
    <section aria-labelledby="consistency" className="space-y-4">
      <div className={`rounded-xl border p-4 ${status.tone}`}>
        <h2 id="consistency" className="font-semibold">
          Cross-document consistency: {status.title}
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          {summary.analysed_count} of {summary.document_count} documents analysed
          {summary.pending_count > 0 ? `, ${summary.pending_count} still running` : ""}.{" "}
          {summary.conflict_count > 0 ? `${summary.conflict_count} attribute(s) disagree between documents.` : ""}
        </p>
      </div>
      {summary.comparisons.length > 0 && (
        <table className="w-full text-left text-sm">
          <thead className="border-b border-slate-200 text-slate-500">
            <tr>
              <th className="py-2 pr-4 font-medium">What</th>
              <th className="py-2 pr-4 font-medium">Result</th>
              <th className="py-2 font-medium">Values and the documents that state them</th>
            </tr>
          </thead>
          <tbody>
            {summary.comparisons.map((c) => (
              <tr key={`${c.attribute}-${c.scope}`} className="border-b border-slate-100 align-top">
                <td className="py-2 pr-4">
                  <div className="font-medium">{c.label}</div>
                  <div className="text-xs text-slate-500">{c.scope}</div>
                </td>
                <td className={`py-2 pr-4 font-semibold ${COMPARISON_TONE[c.status]}`}>
                  {COMPARISON_TEXT[c.status]}
                  {c.note && <div className="text-xs font-normal text-slate-600">{c.note}</div>}
                </td>
                <td className="py-2">
                  <ul className="space-y-1">
                    {c.values.map((v) => (
                      <li key={v.value}>
                        <span className="font-medium">{v.value}</span>{" "}
                        <span className="text-slate-500">
                          —{" "}
                          {v.sources
                            .map((s) => names[s.verification_id] ?? s.file_name ?? s.verification_id)
                            .join(", ")}
                        </span>
                      </li>
                    ))}
                  </ul>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
