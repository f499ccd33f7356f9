/** A count per day as an SVG bar chart: no chart library, nothing fetched. */
export function DailyChart({
  days,
  label = "Verifications per day, last 30 days",
  unit = "verifications",
}: {
  days: { date: string; count: number }[];
  label?: string;
  unit?: string;
}) {
  const max = Math.max(1, ...days.map((d) => d.count));
  const width = 600;
  const height = 140;
  const bar = width / Math.max(days.length, 1);
  return (
    <figure>
      <svg viewBox={`0 0 ${width} ${height + 20}`} className="h-auto w-full" role="img" aria-label={label}>
        {days.map((d, i) => {
          const h = (d.count / max) * height;
          return (
            <g key={d.date}>
              <rect
                x={i * bar + 2}
                y={height - h}
                width={Math.max(bar - 4, 1)}
                height={h}
                rx={2}
                className="fill-brand-500"
              >
                <title>{`${d.date}: ${d.count} ${unit}`}</title>
              </rect>
            </g>
          );
        })}
        <line x1={0} x2={width} y1={height} y2={height} className="stroke-slate-300" />
        {days.length > 0 && (
          <>
            <text x={0} y={height + 15} className="fill-slate-500 text-[10px]">
              {days[0].date}
            </text>
            <text x={width} y={height + 15} textAnchor="end" className="fill-slate-500 text-[10px]">
              {days.at(-1)!.date}
            </text>
          </>
        )}
      </svg>
      <figcaption className="sr-only">
        Highest day: {max} {unit}.
      </figcaption>
    </figure>
  );
}
