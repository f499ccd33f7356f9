import type { ReactNode } from "react";

// The list filters of the dashboard and the admin pages: a GET form, so the filters live in the
// address and pagination links keep them.

export function FilterForm({ action, children }: { action: string; children: ReactNode }) {
  return (
    <form className="flex flex-wrap gap-2 text-sm" action={action}>
      {children}
      <button
        type="submit"
        className="rounded-lg border border-slate-300 px-3 py-1.5 font-medium hover:border-slate-400"
      >
        Filter
      </button>
    </form>
  );
}

/** A select whose empty choice ("All …") means no filter. */
export function FilterSelect({
  name,
  label,
  all,
  options,
  value,
  display = (option) => option,
}: {
  name: string;
  label: string;
  all: string;
  options: readonly string[];
  value: string | undefined;
  display?: (option: string) => string;
}) {
  return (
    <select
      name={name}
      defaultValue={value ?? ""}
      aria-label={label}
      className="rounded-lg border border-slate-300 px-2 py-1.5"
    >
      <option value="">{all}</option>
      {options.map((option) => (
        <option key={option} value={option}>
          {display(option)}
        </option>
      ))}
    </select>
  );
}
