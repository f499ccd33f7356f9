const STYLES: Record<string, string> = {
  pending: "bg-slate-100 text-slate-700 ring-slate-500/20",
  confirmed: "bg-green-50 text-verified ring-green-600/20",
  disputed: "bg-red-50 text-rejected ring-red-600/20",
  expired: "bg-amber-50 text-suspect ring-amber-600/20",
  queued: "bg-slate-100 text-slate-700 ring-slate-500/20",
  sent: "bg-green-50 text-verified ring-green-600/20",
  failed: "bg-red-50 text-rejected ring-red-600/20",
  bounced: "bg-red-50 text-rejected ring-red-600/20",
};

/** A confirmation request's status (or its e-mail's), as a pill. */
export function RequestStatusBadge({ status, prefix }: { status: string; prefix?: string }) {
  return (
    <span
      data-status={status}
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${STYLES[status] ?? STYLES.pending}`}
    >
      {prefix ? `${prefix} ${status}` : status}
    </span>
  );
}
