import { EMAIL_STATUSES, REQUEST_STATUSES } from "@/lib/issuers/issuer-schema";

interface Filters {
  search?: string;
  status?: string;
  email_status?: string;
}

/** The admin tracker's filter form (a GET form: the filters live in the address, pages keep them). */
export function TrackerFilters({ filters }: { filters: Filters }) {
  const select = "rounded-lg border border-slate-300 px-2 py-1.5";
  return (
    <form className="flex flex-wrap gap-2 text-sm" action="/admin/confirmations">
      <input
        name="search"
        defaultValue={filters.search ?? ""}
        placeholder="Institution, address, requester"
        aria-label="Search"
        className="rounded-lg border border-slate-300 px-3 py-1.5"
      />
      <select name="status" defaultValue={filters.status ?? ""} aria-label="Filter by status" className={select}>
        <option value="">All statuses</option>
        {REQUEST_STATUSES.map((s) => (
          <option key={s} value={s}>
            {s}
          </option>
        ))}
      </select>
      <select
        name="email_status"
        defaultValue={filters.email_status ?? ""}
        aria-label="Filter by e-mail status"
        className={select}
      >
        <option value="">All e-mail statuses</option>
        {EMAIL_STATUSES.map((s) => (
          <option key={s} value={s}>
            {s}
          </option>
        ))}
      </select>
      <button
        type="submit"
        className="rounded-lg border border-slate-300 px-3 py-1.5 font-medium hover:border-slate-400"
      >
        Filter
      </button>
    </form>
  );
}
