import { FilterForm, FilterSelect } from "@/components/ui/filter-form";
import { EMAIL_STATUSES, REQUEST_STATUSES } from "@/lib/issuers/issuer-schema";

interface Filters {
  search?: string;
  status?: string;
  email_status?: string;
}

/** The admin tracker's filter form (a GET form: the filters live in the address, pages keep them). */
export function TrackerFilters({ filters }: { filters: Filters }) {
  return (
    <FilterForm action="/admin/confirmations">
      <input
        name="search"
        defaultValue={filters.search ?? ""}
        placeholder="Institution, address, requester"
        aria-label="Search"
        className="rounded-lg border border-slate-300 px-3 py-1.5"
      />
      <FilterSelect
        name="status"
        label="Filter by status"
        all="All statuses"
        options={REQUEST_STATUSES}
        value={filters.status}
      />
      <FilterSelect
        name="email_status"
        label="Filter by e-mail status"
        all="All e-mail statuses"
        options={EMAIL_STATUSES}
        value={filters.email_status}
      />
    </FilterForm>
  );
}
