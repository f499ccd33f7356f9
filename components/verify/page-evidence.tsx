import { SEVERITY_STYLE, type NumberedFinding } from "./report-view-model";

/** A page image with the regions of its findings drawn over it, numbered like the findings list. */
export function PageEvidence({
  verificationId,
  page,
  findings,
}: {
  verificationId: string;
  page: number;
  findings: NumberedFinding[];
}) {
  const boxes = findings.filter((f) => f.page === page && f.region);
  return (
    <figure className="overflow-hidden rounded-xl border border-slate-200 bg-slate-50">
      <div className="relative">
        {/* eslint-disable-next-line @next/next/no-img-element -- a generated, access-controlled image, not a static asset */}
        <img
          src={`/dashboard/verification/${verificationId}/image/${page}`}
          alt={`Page ${page} of the document`}
          className="block h-auto w-full"
        />
        {boxes.map((f) => (
          <a
            key={f.n}
            href={`#finding-${f.n}`}
            title={f.message}
            aria-label={`Finding ${f.n}: ${f.message}`}
            className={`absolute border-2 ${SEVERITY_STYLE[f.severity].box}`}
            style={{
              left: `${f.region!.x * 100}%`,
              top: `${f.region!.y * 100}%`,
              width: `${Math.max(f.region!.width * 100, 1)}%`,
              height: `${Math.max(f.region!.height * 100, 1)}%`,
            }}
          >
            <span className="absolute -left-2 -top-2 grid h-5 min-w-5 place-items-center rounded-full bg-ink px-1 text-xs font-semibold text-white">
              {f.n}
            </span>
          </a>
        ))}
      </div>
      <figcaption className="px-4 py-2 text-xs text-slate-500">
        Page {page}
        {boxes.length > 0 ? ` · ${boxes.length} marked region${boxes.length > 1 ? "s" : ""}` : " · nothing marked"}
      </figcaption>
    </figure>
  );
}
