/** Override rates as plain CSS bars: server-rendered, nothing fetched, readable without script. */
export function RateBars({
  title,
  rows,
  empty,
}: {
  title: string;
  rows: Array<{ key: string; reviews: number; overrides: number; rate: number }>;
  empty: string;
}) {
  return (
    <figure className="rounded-xl border border-slate-200 p-5">
      <figcaption className="font-semibold">{title}</figcaption>
      {rows.length === 0 ? (
        <p className="mt-3 text-sm text-slate-500">{empty}</p>
      ) : (
        <ul className="mt-3 space-y-2 text-sm">
          {rows.map((r) => (
            <li key={r.key} data-rate-row={r.key}>
              <div className="flex justify-between gap-3">
                <span className="truncate font-mono text-xs">{r.key}</span>
                <span className="shrink-0 text-slate-600">
                  {r.overrides}/{r.reviews} · {Math.round(r.rate * 100)} %
                </span>
              </div>
              <div
                className="mt-1 h-2 rounded-full bg-slate-100"
                role="img"
                aria-label={`${r.key}: ${r.overrides} of ${r.reviews} reviews overruled`}
              >
                <div className="h-2 rounded-full bg-brand-600" style={{ width: `${Math.round(r.rate * 100)}%` }} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </figure>
  );
}
