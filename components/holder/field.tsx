import type { ReactNode } from "react";

export const inputClass = "mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 font-normal";

export function Field({
  label,
  hint,
  children,
  wide,
}: {
  label: string;
  hint?: string;
  children: ReactNode;
  wide?: boolean;
}) {
  return (
    <label className={`text-sm font-medium ${wide ? "sm:col-span-2" : ""}`}>
      {label}
      {children}
      {hint && <span className="mt-1 block text-xs font-normal text-slate-500">{hint}</span>}
    </label>
  );
}

export function Notice({ error, done }: { error?: string | null; done?: string | null }) {
  if (error)
    return (
      <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-rejected">
        {error}
      </p>
    );
  if (done)
    return (
      <p role="status" className="rounded-lg bg-green-50 px-3 py-2 text-sm text-verified">
        {done}
      </p>
    );
  return null;
}
