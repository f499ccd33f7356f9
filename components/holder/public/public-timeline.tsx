import type { TimelineItem } from "@/lib/holder/timeline/timeline-schema";

const kindLabel = (kind: string) => kind.charAt(0).toUpperCase() + kind.slice(1);

function period(start: string | null, end: string | null): string {
  if (start && end) return `${start} – ${end}`;
  if (start) return `${start} – present`;
  return end ?? "";
}

/** The timeline of /u/<slug>: life events and public credentials, newest first. */
export function PublicTimeline({ items }: { items: TimelineItem[] }) {
  if (items.length === 0) return <p className="text-slate-600">Nothing on the timeline yet.</p>;
  return (
    <ol className="space-y-4 border-l-2 border-slate-200 pl-6" aria-label="Timeline">
      {items.map((item) =>
        item.type === "life_event" ? (
          <li key={item.life_event.id}>
            <p className="text-xs uppercase tracking-wide text-slate-500">
              {kindLabel(item.life_event.kind)} · {period(item.life_event.start_date, item.life_event.end_date)}
            </p>
            <p className="font-semibold">{item.life_event.title}</p>
            {item.life_event.organization && <p className="text-sm text-slate-600">{item.life_event.organization}</p>}
          </li>
        ) : (
          <li key={item.credential.credential_id}>
            <p className="text-xs uppercase tracking-wide text-slate-500">
              Verified credential{item.date ? ` · ${item.date}` : ""}
            </p>
            <p className="font-semibold">{item.credential.label}</p>
            {item.credential.issuer && <p className="text-sm text-slate-600">{item.credential.issuer}</p>}
          </li>
        ),
      )}
    </ol>
  );
}
