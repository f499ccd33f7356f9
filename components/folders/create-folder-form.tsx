"use client";

import { useActionState } from "react";
import { createFolderAction, type FolderActionState } from "@/app/(app)/dashboard/folders/actions";
import { FormSubmit } from "@/components/developers/form-submit";

const INPUT = "mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2";

export function CreateFolderForm() {
  const [state, action, pending] = useActionState<FolderActionState, FormData>(createFolderAction, {});
  return (
    <form action={action} className="grid gap-4 rounded-xl border border-slate-200 p-5 sm:grid-cols-3">
      <label className="text-sm font-medium">
        Folder name
        <input name="name" required maxLength={200} placeholder="e.g. MSc admissions 2027" className={INPUT} />
      </label>
      <label className="text-sm font-medium">
        Applicant
        <input name="applicant_name" maxLength={200} placeholder="Full name" className={INPUT} />
      </label>
      <label className="text-sm font-medium">
        Reference
        <input name="reference" maxLength={100} placeholder="Application or requisition number" className={INPUT} />
      </label>
      <FormSubmit pending={pending} label="Create folder" pendingLabel="Creating…" error={state.error} />
    </form>
  );
}
