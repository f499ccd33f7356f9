// The period's usage as a bar: used, remaining and carried-over credits against what is included.
export function UsageMeter({
  included,
  used,
  remaining,
  carriedOver,
}: {
  included: number;
  used: number;
  remaining: number;
  carriedOver: number;
}) {
  const total = Math.max(1, used + Math.max(0, remaining));
  const usedPct = Math.round((used / total) * 100);
  return (
    <div>
      <div
        className="flex h-4 overflow-hidden rounded-full bg-slate-100"
        role="meter"
        aria-label="Credits used this period"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={used}
      >
        <div className="bg-brand-600" style={{ width: `${usedPct}%` }} />
      </div>
      <p className="mt-2 text-sm text-slate-600">
        {used} used of {included} included{carriedOver > 0 ? ` (+${carriedOver} carried over)` : ""}; {remaining}{" "}
        remaining.
      </p>
    </div>
  );
}
