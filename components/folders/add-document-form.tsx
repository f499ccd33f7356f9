"use client";

import { useActionState } from "react";
import { addToFolderAction, type FolderActionState } from "@/app/(app)/dashboard/folders/actions";

export interface Candidate {
  id: string;
  label: string;
}

/** Adds one of the user's recent live verifications that is not in the folder yet. */
export function AddDocumentForm({ folderId, candidates }: { folderId: string; candidates: Candidate[] }) {
  const [state, action, pending] = useActionState<FolderActionState, FormData>(addToFolderAction, {});
  const outcome = (state.error || state.message) && (
    <p role={state.error ? "alert" : "status"} className={`text-sm ${state.error ? "text-rejected" : "text-verified"}`}>
      {state.error ?? state.message}
    </p>
  );
  if (candidates.length === 0) {
    return (
      <div className="space-y-2">
        {outcome}
        <p className="text-sm text-slate-600">No recent verification left to add: verify another document first.</p>
      </div>
    );
  }
  return (
    <form action={action} className="flex flex-wrap items-end gap-3">
      <input type="hidden" name="folder_id" value={folderId} />
      <label className="min-w-72 flex-1 text-sm font-medium">
        Add a verification
        <select
          name="verification_id"
          required
          className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2"
        >
          {candidates.map((c) => (
            <option key={c.id} value={c.id}>
              {c.label}
            </option>
          ))}
        </select>
      </label>
      <button
        type="submit"
        disabled={pending}
        className="rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
      >
        {pending ? "Adding…" : "Add to folder"}
      </button>
      <div className="w-full">{outcome}</div>
    </form>
  );
}
