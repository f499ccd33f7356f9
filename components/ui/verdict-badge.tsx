const STYLES: Record<string, string> = {
  VERIFIED: "bg-green-50 text-verified ring-green-600/20",
  "VERIFIED SAMPLE": "bg-green-50 text-verified ring-green-600/20",
  SUSPECT: "bg-amber-50 text-suspect ring-amber-600/20",
  MANUAL_REVIEW: "bg-slate-100 text-slate-700 ring-slate-500/20",
  REJECTED: "bg-red-50 text-rejected ring-red-600/20",
  NOT_CREDENTIAL: "bg-slate-100 text-slate-700 ring-slate-500/20",
};

export function VerdictBadge({ verdict }: { verdict: string }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${STYLES[verdict] ?? STYLES.MANUAL_REVIEW}`}
    >
      {verdict.replace("_", " ")}
    </span>
  );
}
