"use client";

import { useActionState } from "react";
import { updateFolderAction, type FolderActionState } from "@/app/(app)/dashboard/folders/actions";
import { FormSubmit } from "@/components/developers/form-submit";
import { FOLDER_STATUSES, type FolderStatus } from "@/lib/folders/folder-schema";
import { FOLDER_STATUS_LABELS } from "./folder-status";

const INPUT = "mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2";

export interface FolderSettings {
  id: string;
  name: string;
  applicant_name: string | null;
  reference: string | null;
  notes: string | null;
  status: FolderStatus;
}

export function FolderSettingsForm({ folder }: { folder: FolderSettings }) {
  const [state, action, pending] = useActionState<FolderActionState, FormData>(updateFolderAction, {});
  return (
    <form action={action} className="grid gap-4 rounded-xl border border-slate-200 p-5 sm:grid-cols-2">
      <input type="hidden" name="folder_id" value={folder.id} />
      <label className="text-sm font-medium">
        Folder name
        <input name="name" required maxLength={200} defaultValue={folder.name} className={INPUT} />
      </label>
      <label className="text-sm font-medium">
        Status
        <select name="status" defaultValue={folder.status} className={INPUT}>
          {FOLDER_STATUSES.map((s) => (
            <option key={s} value={s}>
              {FOLDER_STATUS_LABELS[s]}
            </option>
          ))}
        </select>
      </label>
      <label className="text-sm font-medium">
        Applicant
        <input name="applicant_name" maxLength={200} defaultValue={folder.applicant_name ?? ""} className={INPUT} />
      </label>
      <label className="text-sm font-medium">
        Reference
        <input name="reference" maxLength={100} defaultValue={folder.reference ?? ""} className={INPUT} />
      </label>
      <label className="text-sm font-medium sm:col-span-2">
        Notes
        <textarea name="notes" rows={3} maxLength={10_000} defaultValue={folder.notes ?? ""} className={INPUT} />
      </label>
      <FormSubmit pending={pending} label="Save" pendingLabel="Saving…" error={state.error} />
      {state.message && (
        <p role="status" className="text-sm text-verified sm:col-span-2">
          {state.message}
        </p>
      )}
    </form>
  );
}
