export type StageState = {
  stage: string;
  label: string;
  status: "running" | "done";
  durationMs?: number;
  messages: string[];
};

export function StageList({ stages }: { stages: StageState[] }) {
  if (stages.length === 0) return null;
  return (
    <ol className="space-y-3" aria-live="polite" aria-label="Verification progress">
      {stages.map((s) => (
        <li
          key={s.stage}
          className="rounded-lg border border-slate-200 bg-white p-4"
          data-stage={s.stage}
          data-status={s.status}
        >
          <div className="flex items-center justify-between gap-4">
            <span className="flex items-center gap-3 font-medium">
              {s.status === "done" ? (
                <span
                  aria-hidden
                  className="grid h-5 w-5 place-items-center rounded-full bg-verified text-xs text-white"
                >
                  ✓
                </span>
              ) : (
                <span
                  aria-hidden
                  className="h-5 w-5 animate-spin rounded-full border-2 border-brand-500 border-t-transparent"
                />
              )}
              {s.label}
            </span>
            <span className="text-xs text-slate-500">
              {s.status === "done" && s.durationMs !== undefined ? `${(s.durationMs / 1000).toFixed(2)} s` : "running…"}
            </span>
          </div>
          {s.messages.length > 0 && (
            <ul className="mt-2 space-y-1 pl-8 text-sm text-slate-600">
              {s.messages.slice(-4).map((m, i) => (
                <li key={i}>{m}</li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ol>
  );
}
