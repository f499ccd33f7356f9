"use client";

import { useActionState } from "react";
import {
  addInstitutionAction,
  removeDomainAction,
  type InstitutionActionState,
} from "@/app/(app)/admin/institutions/actions";
import { FormSubmit } from "@/components/developers/form-submit";

const INPUT = "mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2";

export function AddInstitutionForm() {
  const [state, action, pending] = useActionState<InstitutionActionState, FormData>(addInstitutionAction, {});
  return (
    <form
      action={action}
      aria-label="Add an institution"
      className="grid gap-4 rounded-xl border border-slate-200 p-5 sm:grid-cols-2"
    >
      <label className="text-sm font-medium">
        Institution name
        <input name="name" required minLength={2} maxLength={200} className={INPUT} />
      </label>
      <label className="text-sm font-medium">
        Domains (comma or space separated)
        <input name="domains" required placeholder="uni.example.edu, registrar.example.edu" className={INPUT} />
      </label>
      <FormSubmit pending={pending} label="Add institution" pendingLabel="Adding…" error={state.error} />
      {state.message && (
        <p role="status" className="text-sm text-verified sm:col-span-2">
          {state.message}
        </p>
      )}
    </form>
  );
}

export function RemoveDomainButton({ domain }: { domain: string }) {
  const [state, action, pending] = useActionState<InstitutionActionState, FormData>(removeDomainAction, {});
  return (
    <form action={action} className="inline">
      <input type="hidden" name="domain" value={domain} />
      <button
        type="submit"
        disabled={pending}
        aria-label={`Remove ${domain}`}
        className="ml-1 text-xs text-slate-500 hover:text-rejected"
      >
        ×
      </button>
      {state.error && (
        <span role="alert" className="ml-1 text-xs text-rejected">
          {state.error}
        </span>
      )}
    </form>
  );
}
